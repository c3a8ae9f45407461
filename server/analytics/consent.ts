import { safeReturnPath } from '../../shared/safe-redirect';

// The shopper's consent to measurement (issue #29 item 3, ADR 0265), in a first-party cookie the
// server reads (so the page it renders knows) and the browser reads (to load the event sender):
// `consent=analytics:1` (accepted) or `consent=analytics:0` (declined), kept a year. The Global
// Privacy Control signal (`Sec-GPC: 1`) is a decline, whatever the cookie says, and is never asked.
export const CONSENT_COOKIE = 'consent';
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** `unset`: no choice yet (the banner shows); `gpc`: declined by the browser's signal. */
export type ConsentState = 'granted' | 'denied' | 'unset' | 'gpc';

export function consentState(cookie: string | undefined, secGpc: unknown): ConsentState {
  if (secGpc === '1') return 'gpc';
  if (cookie === 'analytics:1') return 'granted';
  if (cookie === 'analytics:0') return 'denied';
  return 'unset';
}

export const consentCookieValue = (measure: boolean) => `analytics:${measure ? 1 : 0}`;

/** What the consent form's fields ask for: measure or not; null when the form is not one of ours. */
export function choiceOf(form: URLSearchParams): boolean | null {
  const choice = form.get('choice');
  if (choice === 'accept') return true;
  if (choice === 'decline') return false;
  if (choice === 'save') return form.get('measurement') === 'on';
  return null;
}

/**
 * A path of this shop to go back to (never another origin), else the home page. It becomes POST
 * /consent's Location: the shared rule (shared/safe-redirect.ts) also refuses DEL and encoded
 * separators and percent-encodes what is not visible ASCII, where a raw `/中` or DEL made Node
 * refuse the header (a 500) and a raw `/é` went out as a byte no browser reads as UTF-8.
 */
export function returnPath(value: string | null | undefined): string {
  return value && value.length <= 1000 ? safeReturnPath(value) : '/';
}

/** The path of a same-origin Referer (the page whose footer link was followed), else null. */
export function refererPath(referer: string | undefined, shopOrigin: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    return url.origin === shopOrigin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/**
 * Where a consent choice goes back to (POST /consent): the page it was posted from, its Referer
 * (client navigations may have left the form's `return` behind, when the footer's code that keeps
 * it up to date had not arrived), else `return`. The /consent page names its way back in
 * `return`. So does a page whose Referer is its origin alone while `return` names another page:
 * the activation and reset pages send no more (`referrer: strict-origin`, their key is in their
 * address, ADR 0110), and a choice there went home, the e-mail's link to follow again (ADR 0377).
 */
export function consentWayBack(from: string | null, field: string | null): string | null {
  if (!from || /^\/consent(?:[?#]|$)/.test(from)) return field;
  return from === '/' && field ? field : from;
}
