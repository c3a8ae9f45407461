import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop, type TestShop } from '../support/shop';

// Issue #27 item 9 (ADR 0245): the place a document template leaves for the visitor's JSON is a
// random marker made for each template render, like the nonce. Text a visitor sends (a search
// for "%visitor-slot%", the old fixed marker) stays their text: it is never filled with the
// visitor, in the title, the meta tags or React Router's hydration data.
let shop: TestShop;
const warn = console.warn;

beforeAll(async () => {
  // Cache-status headers are for the configured proxies (ADR 0246): the test calls as one.
  shop = await startShop({ TRUST_PROXY: '127.0.0.1' });
  // React Router warns that "%vi" is no percent escape when it matches the path: expected here.
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).includes('could not be decoded')) warn(...args);
  };
}, 120_000);
afterAll(async () => {
  console.warn = warn;
  await shop?.close();
});

const search = (term: string) =>
  shop.gateway.inject({ url: `/search/${term}`, headers: { host: 'localhost:3000' } });

/** The JSON React Router's hydration script carries, parsed the way the browser would. */
function hydrationData(html: string): unknown[] {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)];
  return chunks.map((match) => JSON.parse(JSON.parse(match[1]!) as string) as unknown);
}

describe('the visitor slot of a document template', () => {
  it('shows a search for the old marker as the text it is, template kept and filled', async () => {
    const first = await search('%25visitor-slot%25');
    const second = await search('%25visitor-slot%25');
    expect(first.headers['x-page-template']).toBe('miss');
    expect(second.headers['x-page-template']).toBe('hit');
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1];
      expect(title).toContain('%visitor-slot%');
      // Curly quotes as references: a template is kept one byte a character (ADR 0286).
      expect(page.body).toContain(
        '<meta property="og:title" content="&#x201c;%visitor-slot%&#x201d;',
      );
      // The visitor's JSON is on <body> once, and nowhere else.
      expect(page.body.split('hasSession').length - 1).toBe(1);
      expect(page.body).toContain(
        '<body data-visitor="{&quot;hasSession&quot;:false,&quot;account&quot;:null,&quot;cart&quot;:null}">',
      );
      // Hydration: every chunk of React Router's data parses, and holds the term as sent.
      const chunks = hydrationData(page.body);
      expect(chunks.length).toBeGreaterThan(0);
      expect(JSON.stringify(chunks)).toContain('%visitor-slot%');
    }
  });
});
