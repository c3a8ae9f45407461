import { LRUCache } from 'lru-cache';
import type { DocumentHtml } from '../../shared/load-context';
import { oneByteHtml } from '../../shared/one-byte-html';

// The start of a document sent before the page's data is known (ADR 0271, issue #30 item 2), so
// the browser fetches the shop's stylesheet and its first scripts while the gateway waits for the
// platform. It is the same for every visitor of a shop: the doctype, <html lang>, the charset and
// viewport, then the stylesheet and the common module preloads, each learned from the last whole
// document rendered for that shop; <head> stays open, so the title and meta of the page follow with
// the rest. Extra tags in <head> are skipped by React's hydration. A 103 Early Hints is not used:
// nginx before 1.29 (Debian's 1.22, the compose file's 1.27) takes a 103 for the final answer.
export type EarlyHeads = {
  /** The early head of this shop with this response's nonce, or null (nothing learned yet). */
  headFor(shopOrigin: string, nonce: string): string | null;
  /** Learns a shop's head from a complete 200 document rendered with `nonce`. */
  learn(shopOrigin: string, html: string, nonce: string): void;
  /**
   * The rest of a rendered document after an early head: what it does not repeat. A template's
   * bytes give bytes (ADR 0296): only their start is read as text.
   */
  restOf<T extends DocumentHtml>(html: T, early: string): T;
};

const NONCE_SLOT = '\u0000nonce\u0000';
/** The scripts every page loads first: React Router's entry, the root route and the shared chunks. */
const COMMON_SCRIPT = /\/(entry\.client|app|framework|root)-[\w-]+\.js"/;

type Learned = { start: string; links: string };

export function createEarlyHeads(max = 1_000): EarlyHeads {
  const heads = new LRUCache<string, Learned>({ max });
  return {
    headFor(shopOrigin, nonce) {
      const learned = heads.get(shopOrigin);
      return learned ? learned.start + learned.links.replaceAll(NONCE_SLOT, nonce) : null;
    },
    learn(shopOrigin, html, nonce) {
      const start = documentStart(html);
      if (start === null) return;
      const head = html.slice(start.length, html.indexOf('</head>'));
      const links = [...head.matchAll(/<link [^>]*>/g)]
        .map(([tag]) => tag)
        .filter((tag) =>
          tag.includes('rel="stylesheet"')
            ? !tag.includes('media=')
            : tag.includes('rel="modulepreload"') && COMMON_SCRIPT.test(tag),
        )
        .map((tag) => tag.replaceAll(`nonce="${nonce}"`, `nonce="${NONCE_SLOT}"`));
      // Its own one-byte copies: slices of a two-byte document would make every page two-byte.
      heads.set(shopOrigin, { start: oneByteHtml(start), links: oneByteHtml(links.join('')) });
    },
    restOf(html, early) {
      const start = documentStart(html);
      // The same start: cut it. Another (the shop's language changed): from inside <head>, where
      // the repeated charset and viewport do no harm and the early <html lang> stands this once.
      // The markers are ASCII: found in the bytes, they cut the bytes where they cut the text.
      if (start !== null && early.startsWith(start)) return from(html, sizeOf(html, start));
      const head = html.indexOf('<head>');
      return head === -1 ? html : from(html, head + '<head>'.length);
    },
  };
}

/** The document from `at` (a character of text, a byte of bytes) to its end. */
function from<T extends DocumentHtml>(html: T, at: number): T {
  return (typeof html === 'string' ? html.slice(at) : html.subarray(at)) as T;
}

/** How far `start`, the beginning of `html`, reaches in it. */
const sizeOf = (html: DocumentHtml, start: string) =>
  typeof html === 'string' ? start.length : Buffer.byteLength(start);

const DOCTYPE = '<!DOCTYPE html><html';

/** The document up to its viewport meta: what every page of a shop begins with. */
function documentStart(html: DocumentHtml): string | null {
  const viewport = html.indexOf('<meta name="viewport"');
  if (viewport === -1) return null;
  const end = html.indexOf('>', viewport);
  const start =
    typeof html === 'string' ? html.slice(0, end + 1) : html.toString('utf8', 0, end + 1);
  if (!start.startsWith(DOCTYPE)) return null;
  return start.includes('<head>') && !start.includes('</head>') ? start : null;
}

const escapeAttribute = (text: string) =>
  text.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * After an early head, an answer that is not the page (ADR 0271): a redirect becomes a refresh to
 * its target, kept out of search engines; the document ends either way.
 */
export function redirectRest(location: string): string {
  const target = escapeAttribute(location);
  return (
    `<meta http-equiv="refresh" content="0;url=${target}"/><meta name="robots" content="noindex"/>` +
    `<title>Redirecting</title></head><body><p><a href="${target}">Continue</a></p></body></html>`
  );
}

/** The rest of an error document after an early head: marked noindex, since its status was 200. */
export function errorRest(rest: string): string {
  return `<meta name="robots" content="noindex"/>${rest}`;
}

/** When nothing could be rendered after an early head: a page that says so, with the CID. */
export function failedRest(cid: string): string {
  return (
    '<meta name="robots" content="noindex"/><title>Something went wrong</title></head><body>' +
    `<main><p>Something went wrong. Please, try refreshing the page.</p><p>${escapeAttribute(cid)}</p>` +
    '</main></body></html>'
  );
}
