import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { productDetail } from '../support/catalogue-fixtures';
import { readPage } from '../support/early-reading';
import { registry } from '../../server/observability/metrics';
import type { FakeResponse } from '../support/fake-upstream';
import {
  serveContext,
  startPageGateway,
  TEST_CONTEXT,
  type PageGateway,
} from '../support/page-gateway';
import { requestLineOf } from '../support/request-lines';

// ADR 0305, found by an independent check of issue #30: once a template's public answers were
// past their ttl, the next page waited for the page context as if to fill the template, found it
// retired, and only then started its loaders (two round trips) and rendered whole. A template
// whose answers the cache still serves stale is filled, and the stale answers are refreshed as a
// render's reads would refresh them; past what the cache serves, the page's calls start at once.
const SEARCH = '/api/services/catalogue/api/v1/search';
const CONTEXT = '/cms-api/context';
// Long enough that a slow machine's pages fit in each window, short enough for a test.
const TTL_MS = 1_000;
const STALE_MS = 2_000;
const WAIT = { timeout: 5_000 };
const ACCOUNT = '/api/services/uaa/api/v1/account';
/** A signed-in visitor: a refresh must not carry their token, as a render's read would not. */
const SESSION = 'access_token=opaque-token; refresh_token=r1';
let gw: PageGateway;
let origin = '';

/** A search's answer: one milk named `name` (a refresh that renames it changes the answer). */
const result = (name: string) => ({
  items: [productDetail('dairy/alpine/milk', { product: name, brand: 'Alpine' })],
  total: 1,
  page: 1,
  pageSize: 24,
  facets: { brands: [], categories: [] },
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const searches = () => gw.upstream.received(SEARCH).length;

async function page(path = '/search/milk', cookie?: string) {
  const reading = await readPage(`${origin}${path}`, cookie);
  const { headers } = reading.response;
  return {
    template: headers['x-page-template'],
    cid: headers['x-correlation-id'],
    html: await reading.rest,
  };
}

/** The template cache's lookups counted so far, by result. */
async function templateLookups(): Promise<Record<string, number>> {
  const text = await registry.metrics();
  const counts: Record<string, number> = {};
  for (const [, result, value] of text.matchAll(
    /^gateway_cache_lookups_total\{cache="template",result="(\w+)"\} (\d+)$/gm,
  ))
    counts[result!] = Number(value);
  return counts;
}

beforeAll(async () => {
  gw = await startPageGateway(
    // Documents sent whole: this test is about templates, not the early head.
    { TRUST_PROXY: '127.0.0.1', EARLY_HEAD: 'off' },
    { subrequestDurations: { ttl: TTL_MS, stale: STALE_MS } },
  );
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
  gw.upstream.on('GET', SEARCH, { body: result('Alpine Milk') });
  gw.upstream.on('GET', ACCOUNT, { body: { id: 'a1', login: 'ann', email: 'ann@example.com' } });
  gw.upstream.on('GET', /^\/api\/services\/booking-ms/, { body: { uid: 'b', items: [] } });
});

describe('a template whose answers have aged', () => {
  it('is filled while the cache serves them stale, and they are refreshed', async () => {
    expect((await page('/search/milk', SESSION)).template).toBe('miss');
    expect((await page('/search/milk', SESSION)).template).toBe('hit');
    expect(searches()).toBe(1);

    await sleep(TTL_MS + 50); // stale, still served
    const stale = await page('/search/milk', SESSION);
    expect(stale.template).toBe('hit');
    expect(stale.html).toContain('Alpine Milk');
    // The refresh a render's read would have started, without the signed-in visitor's token.
    await vi.waitFor(() => expect(searches()).toBe(2), WAIT);
    expect(gw.upstream.received(SEARCH)[1]!.headers.authorization).toBeUndefined();
    // The same answer came back: fresh again, the template still in use, nothing more fetched.
    expect((await page('/search/milk', SESSION)).template).toBe('hit');
    expect(searches()).toBe(2);

    // A changed answer retires the template once the refresh brings it.
    gw.upstream.on('GET', SEARCH, { body: result('Alpine Oat Milk') });
    await sleep(TTL_MS + 50);
    expect((await page('/search/milk', SESSION)).template).toBe('hit');
    await vi.waitFor(() => expect(searches()).toBe(3), WAIT);
    // Once the refresh's answer is read and kept, the template is retired and the page rendered.
    const changed = await vi.waitFor(async () => {
      const next = await page('/search/milk', SESSION);
      expect(next.template).toBe('miss');
      return next;
    }, WAIT);
    expect(changed.html).toContain('Alpine Oat Milk');
  });

  it('past what the cache serves, starts its calls with the page context, not after it', async () => {
    expect((await page()).template).not.toBe('bypass');
    expect((await page()).template).toBe('hit');
    await sleep(TTL_MS + STALE_MS + 100); // too old to be served: a read waits for the platform

    // The context is held: a page that waited for it before its loaders would ask nothing else.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    gw.upstream.on('GET', CONTEXT, async (request): Promise<FakeResponse> => {
      await held;
      const url = JSON.parse(request.query.get('url') ?? '{}');
      return { body: { cid: request.query.get('cid'), url, ...TEST_CONTEXT } };
    });
    const before = searches();
    const reading = page();
    await vi.waitFor(() => expect(gw.upstream.received(CONTEXT).length).toBeGreaterThan(0), WAIT);
    await vi.waitFor(() => expect(searches()).toBe(before + 1), WAIT);
    release();
    const aged = await reading;
    expect(aged.html).toContain('Alpine Milk');
    expect(aged.template).toBe('miss');
  });

  // The independent check of issue #28: the line said `pageTemplate: miss` where the metric had
  // counted no lookup (a page whose template is not likely never asks the cache).
  it("counts the template's lookups as the pages' lines and headers say them", async () => {
    const before = await templateLookups();
    const first = await page('/search/oat');
    const second = await page('/search/oat');
    const lines = await Promise.all([first, second].map((p) => requestLineOf(gw.logs, p.cid)));
    for (const [index, p] of [first, second].entries()) {
      expect(lines[index]!.pageTemplate).toBe(p.template);
      expect(String(lines[index]!.cache)).toContain(`template:${p.template}=1`);
    }
    const after = await templateLookups();
    const delta = (result: string) => (after[result] ?? 0) - (before[result] ?? 0);
    const expected = { hit: 0, miss: 0 } as Record<string, number>;
    for (const p of [first, second]) expected[String(p.template)]! += 1;
    expect({ hit: delta('hit'), miss: delta('miss') }).toEqual(expected);
    expect([first.template, second.template]).toEqual(['miss', 'hit']);
  });
});
