import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../shared/contracts/catalogue';
import { readPage } from '../support/early-reading';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { requestLineOf } from '../support/request-lines';

// ADR 0296: a template's document is the bytes its fill wrote. Whole, or after an early head
// (ADR 0271) as the rest of those bytes, with the consent banner put in as bytes, it must read as
// the same page: one doctype, the banner once first in <body>, characters of two UTF-8 bytes
// intact wherever the chunks were cut.
const CATALOGUE = '/api/services/catalogue/api/v1';
const ACCOUNT = '/api/services/uaa/api/v1/account';
const SESSION = 'access_token=opaque-token; refresh_token=r1';
const NAME = 'Käse · Müller Bergkäse';
const ANN = { id: 'a1', login: 'ann', email: 'ann@example.com' };
let gw: PageGateway;
let origin = '';

const results: SearchResult = {
  items: [
    {
      id: 'p1',
      slug: 'cheese/mueller/bergkaese',
      name: NAME,
      sizeLabel: '200 g',
      brand: { slug: 'mueller', name: 'Müller' },
      category: { slug: 'cheese', name: 'Käse' },
      image: `${CATALOGUE}/images/p/1.svg`,
      offering: {
        id: 'o1',
        priceSingleCents: 349,
        priceCaseCents: 3290,
        caseSize: 10,
        available: true,
        currency: 'EUR',
      },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: { brands: [], categories: [] },
};

const read = (path: string) => readPage(`${origin}${path}`, SESSION);

const lineOf = (cid: unknown) => requestLineOf(gw.logs, cid);

/** The document without what each response has of its own (nonce, CID). */
const shape = (html: string) =>
  html.replace(/nonce="[^"]+"|nonce-[^']+'/g, 'nonce').replace(/[A-Za-z0-9]{32}/g, 'CID');

function expectOnePage(html: string) {
  expect(html.match(/<!DOCTYPE html>/g)).toHaveLength(1);
  expect(html.match(/class="consent-banner"/g)).toHaveLength(1);
  expect(html).toMatch(/<body data-visitor="[^"]*"><section class="consent-banner"/);
  expect(html).toMatch(/<\/body><\/html>$/);
  expect(html).toContain(NAME);
  expect(html).not.toContain('\ufffd');
}

beforeAll(async () => {
  gw = await startPageGateway({ TRUST_PROXY: '127.0.0.1', EARLY_HEAD_AFTER_MS: '50' });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('GET', ACCOUNT, { body: ANN });
  gw.upstream.on('GET', /^\/api\/services\/booking-ms/, { body: { uid: 'b', items: [] } });
  gw.upstream.on('GET', `${CATALOGUE}/search`, { body: results });
});

describe("a template's document as bytes (ADR 0296)", () => {
  it('reads as the page its render gave, whole and after an early head, banner and all', async () => {
    // The render that keeps the template (and teaches the shop's head), then a fill of it.
    const rendered = await read('/search/kase');
    expect(rendered.response.headers['x-page-template']).toBe('miss');
    const first = await rendered.rest;
    const filled = await read('/search/kase');
    expect(filled.response.headers['x-page-template']).toBe('hit');
    const whole = await filled.rest;
    expectOnePage(whole);
    expect(Number(filled.response.headers['content-length'])).toBe(Buffer.byteLength(whole));
    expect(shape(whole)).toBe(shape(first));

    // The visitor's account is late: the head goes first, the template's bytes follow.
    gw.upstream.on('GET', ACCOUNT, async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { body: ANN };
    });
    const early = await read('/search/kase');
    expect(early.response.headers['x-page-head']).toBe('early');
    expect(early.first).not.toContain('</head>');
    const html = await early.rest;
    expectOnePage(html);
    const line = await lineOf(early.response.headers['x-correlation-id']);
    expect(line).toMatchObject({ pageHead: 'early', pageTemplate: 'hit', documentStatus: 200 });
    // After the head, the rest is the whole page's after its start (ending with the viewport).
    const head = early.first;
    const afterStart = (page: string) =>
      page.slice(page.indexOf('>', page.indexOf('<meta name="viewport"')) + 1);
    expect(html.startsWith(head)).toBe(true);
    expect(shape(html.slice(head.length))).toBe(shape(afterStart(whole)));
  });
});
