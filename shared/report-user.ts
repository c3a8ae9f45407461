import { visibleText } from './visible-text';

/**
 * Who a failure report names (the specification, section 8): the signed-in visitor's account id,
 * login and e-mail, on the browser's reports and the gateway's alike. A guest is named by nothing.
 */
export type ReportUser = { id: string; login: string | null; email: string | null };

/**
 * A report's `user`: the login and e-mail are the visitor's own words (a sign-in provider passes
 * on whatever its account says), shown to operators with their hidden characters replaced
 * (./visible-text.ts, docs/decisions/0387).
 */
export function reportedUser(user: ReportUser): { id: string; username?: string; email?: string } {
  return {
    id: user.id,
    username: user.login == null ? undefined : visibleText(user.login),
    email: user.email == null ? undefined : visibleText(user.email),
  };
}
