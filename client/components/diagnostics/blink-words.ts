import {
  BLINK_BROWSER_CHECKS,
  NOT_CHECKED_NO_JS,
  type BlinkCheck,
  type BlinkReport,
} from '../../../shared/contracts/blink';

// What /blink-test/result shows of a stored report is in the shop's words (ADR 0344, after 0320:
// "a link cannot speak for the shop"). Anyone can save a report under a code of their own and
// send the result link: its labels and details were the sender's, so the shop's page said "Your
// account is locked: call …" in its checks table. A row is one of the shop's checks, with the
// shop's label; a detail is one of the sentences the shop's checks write (blink-run.ts, the
// server's report in blink-report.server.ts), else NOT_SHOP_DETAIL.

/** The JavaScript features blink-run.ts checks, as its "Missing: …" detail names them. */
export const BLINK_FEATURES = [
  'fetch',
  'Promise.allSettled',
  'AbortController',
  'URL',
  'FormData',
  'ReadableStream',
  'TextDecoder',
  'CustomEvent',
  'requestAnimationFrame',
  'crypto.getRandomValues',
] as const;

/** What the browser reports when the page's request fails (no browser's own words). */
export const NO_ANSWER = 'No answer from the shop server (network error)';
export const NOT_SHOP_DETAIL = 'Not shown: not a result this shop writes';

const list = (names: readonly string[]) => {
  const one = `(?:${names.map((n) => n.replace(/\./g, '\\.')).join('|')})`;
  return `${one}(?:, ${one})*`;
};
const SENTENCES: readonly RegExp[] = [
  // The server's report (no JavaScript).
  /^This page came from the shop server$/,
  /^This browser sent cookies to the shop$/,
  new RegExp(`^${NOT_CHECKED_NO_JS}$`),
  // The browser's checks.
  /^Answered 3 of 3 requests$/,
  new RegExp(`^${NO_ANSWER.replace(/[()]/g, '\\$&')}$`),
  /^Answered the shop server$/,
  /^Answered \d{3} to the shop server$/,
  /^No answer to the shop server$/,
  /^The shop server answered \d{3}$/,
  new RegExp(`^Readable by scripts: ${list(['access_token', 'refresh_token'])}$`),
  /^This visit has a session and scripts cannot read its cookies \(httpOnly\)$/,
  /^No session cookie is readable by scripts \(this visit has no session yet\)$/,
  /^(?:Enabled|Blocked|Works|Blocked or full)$/,
  new RegExp(`^Missing: ${list(BLINK_FEATURES)}$`),
  /^All \d{1,3} present$/,
  /^The server sent no time$/,
  /^(?:Ahead of|Behind) the server by \d{1,15} s \(±1 s\)$/,
  /^The shop server did not answer$/,
  /^\d{1,15} ms \(median of 3\)$/,
];

export const isShopDetail = (detail: string) => SENTENCES.some((s) => s.test(detail));

/** The report's checks as the shop names them: its own checks only, once each, in its order. */
export function inShopWords(report: BlinkReport): BlinkReport {
  const checks = BLINK_BROWSER_CHECKS.flatMap(({ id, label }): BlinkCheck[] => {
    const sent = report.checks.find((check) => check.id === id);
    if (!sent) return [];
    const detail = isShopDetail(sent.detail) ? sent.detail : NOT_SHOP_DETAIL;
    return [{ id, label, status: sent.status, detail }];
  });
  return { ...report, checks };
}
