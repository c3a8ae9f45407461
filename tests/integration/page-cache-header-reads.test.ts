import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #27 item 7 (ADR 0246): a page whose loader read the request's headers shows something of
// that request (/blink-test shows its User-Agent), so neither the anonymous page cache nor the
// document templates keep it; pages that read no header still are kept.
let gw: PageGateway;
const CID = 'a'.repeat(32);

beforeAll(async () => {
  gw = await startPageGateway({ PAGE_CACHE_SECONDS: '60' });
  serveContext(gw.upstream);
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/search', { body: { items: [] } });
  gw.upstream.on('GET', '/api/services/catalogue/api/v1/offerings', { body: { items: [] } });
  gw.upstream.on('GET', `/api/services/diagnostics/api/v1/blink-reports/${CID}`, {
    body: {
      cid: CID,
      createdAt: '2026-11-26T10:00:00.000Z',
      report: {
        checks: [],
        userAgent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
        javascript: false,
        clockSkewMs: null,
        roundTripMs: null,
      },
    },
  });
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});

const page = (url: string, userAgent: string) =>
  gw.app.inject({ url, headers: { host: 'localhost:3000', 'user-agent': userAgent } });

describe('pages made from the request headers', () => {
  it("never shows one visitor's User-Agent to the next (/blink-test)", async () => {
    const first = await page('/blink-test', 'FirstBrowser/1.0');
    const second = await page('/blink-test', 'SecondBrowser/2.0');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('FirstBrowser/1.0');
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('SecondBrowser/2.0');
    expect(second.body).not.toContain('FirstBrowser/1.0');
  });

  it("never keeps a report's result page (its route says private, no-store)", async () => {
    const reads = () =>
      gw.upstream.received(`/api/services/diagnostics/api/v1/blink-reports/${CID}`);
    const first = await page(`/blink-test/result?cid=${CID}`, 'FirstBrowser/1.0');
    expect(first.statusCode).toBe(200);
    // The stored report's browser, as the result page names it (ADR 0344).
    expect(first.body).toContain('Firefox 128 on Windows');
    const before = reads().length;
    const second = await page(`/blink-test/result?cid=${CID}`, 'FirstBrowser/1.0');
    expect(second.statusCode).toBe(200);
    expect(reads().length).toBe(before + 1);
  });

  it('keeps pages that read no header', async () => {
    const contextCalls = () => gw.upstream.received('/cms-api/context').length;
    await page('/', 'FirstBrowser/1.0');
    const before = contextCalls();
    const again = await page('/', 'SecondBrowser/2.0');
    expect(again.statusCode).toBe(200);
    expect(contextCalls()).toBe(before);
  });
});
