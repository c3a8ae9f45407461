import type { IncomingMessage } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { readInbox, startReportingShop, type ReportingShop } from '../support/error-inbox';

// ADR 0303 (issue #28 item 2, faults only): a guest page's 20 proxied 404s make no report, the
// SDK sends no session envelope on a page load, and a browser error raised right after reaches
// the inbox (before, the 404s' reports and the sessions used up the tunnel's 30 a minute).
let shop: ReportingShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startReportingShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe('browser reports in Chromium: faults only', () => {
  it('20 proxied 404s report nothing; a browser error right after is in the inbox', async () => {
    const before = new Set((await readInbox(shop.platform.url)).map((e) => e.eventId));
    const page = await browser.newPage();
    // Posts to the tunnel as the gateway gets them: the SDK's beacons (a client report when a
    // page is left) are not seen by the page's request listener.
    let posted = 0;
    const countPosts = (request: IncomingMessage) => {
      if (request.method === 'POST' && request.url?.startsWith('/monitoring')) posted += 1;
    };
    shop.gateway.server.on('request', countPosts);
    const tunnel: { body: string; status: Promise<number | undefined> }[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/monitoring') {
        tunnel.push({
          body: r.postData() ?? '',
          status: r.response().then((answer) => answer?.status()),
        });
      }
    });
    const sdkLoaded = page.waitForResponse((r) =>
      /\/assets\/sentry-browser-[\w-]+\.js$/.test(r.url()),
    );
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The SDK is loaded a second after the page is idle, and would send its session then.
    await sdkLoaded;
    await page.waitForTimeout(1_500);
    expect(tunnel.map((t) => t.body).filter((b) => b.includes('"type":"session"'))).toEqual([]);

    const answers = await page.evaluate(async () => {
      const out: { status: number; cid: string | null }[] = [];
      for (let n = 1; n <= 20; n++) {
        const id = `8000${String(n).padStart(2, '0')}`;
        const r = await fetch(`/api/services/catalogue/api/v1/products/${id}`);
        out.push({ status: r.status, cid: r.headers.get('x-correlation-id') });
      }
      return out;
    });
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(404));

    await reactHandles(page, '[data-test="browser-error"]');
    await page.click('[data-test="browser-error"]');
    const result = page.locator('[data-test="browser-result"]');
    await result.waitFor();
    const [, eventId] = await result.locator('code').allTextContents();
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    let inbox = await readInbox(shop.platform.url);
    for (let i = 0; i < 100 && !inbox.some((e) => e.eventId === eventId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      inbox = await readInbox(shop.platform.url);
    }
    const fresh = inbox.filter((e) => !before.has(e.eventId));
    // The browser error, and nothing of the 404s (by message or by their CIDs).
    expect(fresh.map((e) => e.message)).toEqual(['Error: Sentry test: browser error']);
    const cids = new Set(answers.map((a) => a.cid));
    expect(inbox.filter((e) => cids.has(e.cid))).toEqual([]);
    // One event went through the tunnel, the error's, and it was taken.
    const events = tunnel.filter((t) => t.body.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    expect(await events[0]!.status).toBe(200);
    // Leaving the page sends nothing more: no client report of the spans the SDK discarded
    // (found by a second independent check: one tunnel post and log line per page view).
    await page.goto(`${shop.url}/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    shop.gateway.server.off('request', countPosts);
    expect(posted).toBe(1);
  });
});
