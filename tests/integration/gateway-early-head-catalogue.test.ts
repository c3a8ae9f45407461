import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrandPage, SearchResult } from '../../shared/contracts/catalogue';
import { productDetail } from '../support/catalogue-fixtures';
import { readPage } from '../support/early-reading';
import { startNginx, type Nginx } from '../support/nginx';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { requestLineOf } from '../support/request-lines';

// Issue #30, ADR 0275: a session's product or brand page sends its head before its data when the
// shop is known to have that product or brand (seen in a catalogue answer or a whole page of it),
// through the shipped balancer rules. The catalogue's answer is held until the test has read the
// head through nginx: the head cannot have waited for it. An unknown one waits, so its 404 is
// exact; one gone since it was seen ends as the not-found page, kept out of search engines, and
// is forgotten, so that its next page is an exact 404.
const CATALOGUE = '/api/services/catalogue/api/v1';
const SESSION = 'access_token=opaque-token; refresh_token=r1';
let gw: PageGateway;
let nginx: Nginx;

const get = (path: string) => readPage(`${nginx.url}${path}`, SESSION);

const product = (slug: string) => productDetail(slug);

const results = (...slugs: string[]): SearchResult => ({
  items: slugs.map(product),
  total: slugs.length,
  page: 1,
  pageSize: 24,
  facets: { brands: [], categories: [] },
});

const brandPage = (slug: string): BrandPage => ({
  brand: { slug, name: `Brand ${slug}`, description: 'A brand.', productCount: 0 },
  items: [],
  total: 0,
  page: 1,
  pageSize: 24,
});

/** Answers to GETs of a path `path` matches, held until the returned release is called. */
function hold(path: RegExp, answer: () => { status?: number; body: unknown }) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  gw.upstream.on('GET', path, async () => {
    await released;
    return answer();
  });
  return () => release();
}

const lineOf = (cid: unknown) => requestLineOf(gw.logs, cid);

beforeAll(async () => {
  // Cache-status headers (X-Page-Head) are for the configured proxies (ADR 0246): the tests call as one.
  gw = await startPageGateway({ TRUST_PROXY: '127.0.0.1' });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  nginx = await startNginx([(gw.app.server.address() as AddressInfo).port]);
});
afterAll(async () => {
  await nginx?.close();
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(async () => {
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('GET', '/api/services/uaa/api/v1/account', {
    body: { id: 'a1', login: 'shopper', email: 's@x.test' },
  });
  gw.upstream.on('GET', /^\/api\/services\/booking-ms/, { body: { uid: 'b', items: [] } });
  gw.upstream.on('GET', /\/related$/, { body: { items: [] } });
  // The shop's first whole document teaches the gateway its head.
  await (
    await get('/blink-test')
  ).rest;
});

describe('product and brand pages: early when known (ADR 0275)', () => {
  it('sends a product named by search results its head before the catalogue answers', async () => {
    const slug = 'dairy-eggs/meadowbrook/whole-milk';
    gw.upstream.on('GET', `${CATALOGUE}/search`, { body: results(slug) });
    await (
      await get('/search/whole-milk')
    ).rest;

    const release = hold(/\/products\/by-slug$/, () => ({ body: product(slug) }));
    const page = await get(`/products/${slug}`);
    // The product's answer is held: what arrived is the head alone.
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['x-page-head']).toBe('early');
    expect(page.first).toMatch(/<link [^>]*rel="stylesheet"[^>]*>/);
    expect(page.first).not.toContain('</head>');
    release();
    const html = await page.rest;
    expect(html).toContain(`Product ${slug}`);
    expect(html).not.toContain('noindex');
    // What headers decided after the data would say is in the request's line instead.
    expect(page.response.headers['x-subrequest-cache']).toBeUndefined();
    expect(page.response.headers['x-page-template']).toBeUndefined();
    const line = await lineOf(page.response.headers['x-correlation-id']);
    expect(line).toMatchObject({ statusCode: 200, pageHead: 'early', documentStatus: 200 });
    expect(line.cache).toMatch(/subrequest:miss=\d/);
  });

  it('makes an unknown brand wait and answer exactly; its whole page then makes it known', async () => {
    gw.upstream.on('GET', `${CATALOGUE}/brands/new-brand`, { status: 404, body: {} });
    const unknown = await get('/brands/new-brand');
    expect(unknown.response.statusCode).toBe(404);
    expect(unknown.response.headers['x-page-head']).toBeUndefined();
    await unknown.rest;

    gw.upstream.on('GET', `${CATALOGUE}/brands/new-brand`, { body: brandPage('new-brand') });
    const whole = await get('/brands/new-brand');
    expect(whole.response.statusCode).toBe(200);
    expect(whole.response.headers['x-page-head']).toBeUndefined();
    await whole.rest;
    // A whole page's line says what its headers say.
    const line = await lineOf(whole.response.headers['x-correlation-id']);
    expect(line.pageTemplate).toBe(whole.response.headers['x-page-template']);
    expect(line.pageHead).toBeUndefined();

    const release = hold(/\/brands\/new-brand$/, () => ({ body: brandPage('new-brand') }));
    // Past the page numbers the platform takes, the answer is its refusal: that page waits.
    const far = get('/brands/new-brand?page=5000');
    const page = await get('/brands/new-brand?page=2');
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['x-page-head']).toBe('early');
    release();
    expect(await page.rest).toContain('Brand new-brand');
    expect((await far).response.headers['x-page-head']).toBeUndefined();
    await (
      await far
    ).rest;
  });

  it('ends a product gone since it was seen as the not-found page, noindex, and forgets it', async () => {
    const slug = 'dairy-eggs/meadowbrook/gone-milk';
    gw.upstream.on('GET', `${CATALOGUE}/search`, { body: results(slug) });
    await (
      await get('/search/gone-milk')
    ).rest;

    const release = hold(/\/products\/by-slug$/, () => ({ status: 404, body: {} }));
    const page = await get(`/search/gone-milk/${encodeURIComponent(slug)}`);
    expect(page.response.statusCode).toBe(200);
    expect(page.response.headers['x-page-head']).toBe('early');
    release();
    const html = await page.rest;
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Page not found');
    expect(html.trimEnd()).toMatch(/<\/html>$/);
    expect(await lineOf(page.response.headers['x-correlation-id'])).toMatchObject({
      statusCode: 200,
      pageHead: 'early',
      documentStatus: 404,
    });

    const again = await get(`/products/${slug}`);
    expect(again.response.statusCode).toBe(404);
    expect(again.response.headers['x-page-head']).toBeUndefined();
    await again.rest;
  });
});
