import type { ConsentState } from './consent';

// The consent choice as server-rendered HTML (ADR 0265): forms that post to /consent and work
// without JavaScript. Accept, Decline, or Choose (a <details> with the one purpose we have,
// "Measurement", on or off). The banner goes first in a first visit's page; /consent shows
// the same choice as a page of its own (the footer's "Privacy choices"). `data-native`: a post
// form React does not own, which the islands' submit hold (client/lib/island-submits.ts) would
// otherwise take for an island's waiting for its code and send only 8 s later.
const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const EXPLAIN =
  'With your consent we count how the shop is used: pages and products viewed, searches, ' +
  'what goes into the cart and orders placed, sent to us only (no third party), never with ' +
  'your name, e-mail address or account.';

export function consentForm(back: string, state: ConsentState, headingLevel: 'h1' | 'h2'): string {
  const measuring = state === 'granted';
  const gpc =
    state === 'gpc'
      ? '<p class="consent-gpc">Your browser sends the Global Privacy Control signal: ' +
        'nothing is measured, whatever is chosen here.</p>'
      : '';
  return `<${headingLevel} id="consent-title">Privacy choices</${headingLevel}>
<p>${EXPLAIN}</p>${gpc}
<form method="post" action="/consent" class="consent-form" data-native="">
<input type="hidden" name="return" value="${escape(back)}">
<div class="consent-actions"><button type="submit" name="choice" value="accept" class="button">Accept</button>
<button type="submit" name="choice" value="decline" class="button">Decline</button></div>
<details class="consent-choose"><summary>Choose</summary>
<label><input type="checkbox" name="measurement" value="on"${measuring ? ' checked' : ''}> Measurement (pages, products, searches, cart and orders)</label>
<button type="submit" name="choice" value="save" class="button">Save my choice</button>
</details></form>`;
}

/**
 * The banner a page shows while no choice was made: a region named by its heading, first in the
 * page, before the skip link (docs/decisions/0335), so the keyboard reaches it first.
 */
export const consentBanner = (back: string) =>
  `<section class="consent-banner" aria-labelledby="consent-title">${consentForm(back, 'unset', 'h2')}</section>`;

// The /consent page has none of the shop's stylesheet (a page of the gateway, not a route): in
// the browser's own look its buttons were 20 px tall and its text ran edge to edge on a phone
// (ADR 0377). The banner's measures, as app.css gives them, and a readable column.
const PAGE_STYLE = `body{margin:0;font-family:system-ui,sans-serif;line-height:1.5;color:#1b1b1b}
.consent-page{max-width:40rem;margin:0 auto;padding:1rem}
.consent-actions{display:flex;flex-wrap:wrap;gap:.5rem}
.consent-page button{min-height:2.75rem;padding:0 1rem;font:inherit}
.consent-choose summary{padding:.6rem 0;cursor:pointer}
.consent-choose label{display:block;margin:.5rem 0}`;

/** GET /consent: the same choice as a page, with the current one shown. */
export function consentPage(back: string, state: ConsentState): string {
  const now =
    state === 'granted'
      ? 'You accepted measurement.'
      : state === 'unset'
        ? 'You have not chosen yet.'
        : 'Nothing is measured.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Privacy choices</title>
<style>${PAGE_STYLE}</style></head><body><main class="consent-page">${consentForm(back, state, 'h1')}
<p>${now}</p><p><a href="${escape(back)}">Back to the shop</a></p></main></body></html>`;
}

/**
 * `html` with `lead` first in its <body> (just after the tag); unchanged when it has none. A
 * template's bytes (ADR 0296) are searched and joined as bytes, never read back as text (`<body`
 * and `>` are ASCII, and no byte of a multi-byte character is one).
 */
export function atBodyStart<T extends string | Buffer>(html: T, lead: string): T {
  const body = html.indexOf('<body');
  const at = body === -1 ? -1 : html.indexOf('>', body) + 1;
  if (at <= 0) return html;
  if (typeof html === 'string') return `${html.slice(0, at)}${lead}${html.slice(at)}` as T;
  return Buffer.concat([html.subarray(0, at), Buffer.from(lead), html.subarray(at)]) as T;
}

/** The page with the banner first in its <body>; unchanged when it has none. */
export function withBanner<T extends string | Buffer>(html: T, back: string): T {
  return atBodyStart(html, consentBanner(back));
}
