import type { GatewayLoadContext } from '../../shared/load-context';
import type { PageOfContext } from './page-failure';

/**
 * What a page's render did that a document template must not depend on (ADR 0203): read the
 * visitor (session, login, account) or called the platform with the visitor's token. And the
 * public answers it used, each with its version, to tell later whether it is current. A render
 * that read the request's headers (ADR 0246) is kept by neither the page cache nor the templates.
 */
export type PageDependencies = {
  visitorReads: number;
  headerReads: number;
  privateCalls: number;
  /**
   * Optional sections left out (a failed call, even one that never answered): the page is not
   * what a whole render makes once the call succeeds again, so nothing keeps it.
   */
  sectionsLeftOut: number;
  publicAnswers: { path: string; version: number }[];
};

export type PageLoadContext = GatewayLoadContext & {
  dependencies: PageDependencies;
  /** Whether the visitor looked signed in before uaa answered (session/login-guess.ts). */
  guessedLoggedIn: boolean;
  /** Starts the refresh of a stale public answer a filled template showed (ADR 0305). */
  refreshPublic(path: string): void;
};

type VisitorField = 'isLoggedIn' | 'hasSession' | 'account';

/**
 * The visitor's fields as getters that count their reads (PageDependencies), and the page's
 * context fields, readable once `ready` has resolved.
 */
export function withVisitor(
  context: Omit<PageLoadContext, VisitorField | 'publicContext' | 'failure'>,
  page: () => PageOfContext,
): PageLoadContext {
  const read = <K extends VisitorField>(key: K) => ({
    enumerable: true,
    get: () => {
      const value = context.visitor()[key];
      context.dependencies.visitorReads += 1;
      return value;
    },
  });
  return Object.defineProperties(context, {
    isLoggedIn: read('isLoggedIn'),
    hasSession: read('hasSession'),
    account: read('account'),
    publicContext: { enumerable: true, get: () => page().publicContext },
    failure: { enumerable: true, get: () => page().failure },
  }) as PageLoadContext;
}
