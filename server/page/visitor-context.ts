import type { ResolvedAccount } from '../session/account';
import type { CmsContextResult } from './cms-context';

// The page context's upstream calls in one round trip (ADR 0270, issue #30 item 1). The account
// call and the CMS context call start together: the context's isLoggedIn is what the gateway
// knows before uaa answers (`guess`: both token cookies, and a token that does not say it is a
// guest's). The specification's rule decides the visitor: logged in only with both cookies and an
// account with an id. When that differs from the guess, the context is asked again with the
// answer, so the context a page uses was always asked with the visitor's real state; it is the
// only case of a second round trip (a session uaa no longer knows, uaa failing, a guest token
// that does not say so). When uaa refuses the token the guess rested on (`refused`), the guest's
// context is asked at once, beside the renewal the gateway then tries: a session that has ended
// is two round trips deep, not three (ADR 0305); if the renewal works, that answer goes unused.
export type ContextAsk = (isLoggedIn: boolean) => Promise<CmsContextResult>;

export type VisitorAndContext = {
  /** The visitor, once uaa has answered (or at once without both cookies). */
  visitor: Promise<ResolvedAccount>;
  /** The context asked with the visitor's real state, and what each context call said. */
  context: Promise<{ result: CmsContextResult; asked: boolean[] }>;
};

export function loadVisitorAndContext(
  guess: boolean,
  visitor: Promise<ResolvedAccount>,
  ask: ContextAsk,
  refused?: Promise<void>,
): VisitorAndContext {
  const asked = [guess];
  const first = ask(guess);
  let other: Promise<CmsContextResult> | null = null;
  const askOther = () => {
    if (!other) {
      asked.push(!guess);
      other = ask(!guess);
      other.catch(() => undefined); // Asked ahead: used only if the visitor turns out so.
    }
    return other;
  };
  if (guess) void refused?.then(askOther);
  const context = visitor.then(async (resolved) => {
    const isLoggedIn = resolved.account !== null;
    if (isLoggedIn === guess) return { result: await first, asked };
    first.catch(() => undefined); // Asked with a wrong guess: its answer is not used.
    return { result: await askOther(), asked };
  });
  return { visitor, context };
}
