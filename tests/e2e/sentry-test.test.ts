import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { readInbox, startReportingShop, type ReportingShop } from '../support/error-inbox';

// Issue #7, "Checked by": the /sentry-test buttons in Chromium; each shows the CID and the event
// id, and each event is in the local error inbox; the browser's goes through the gateway's tunnel.
let shop: ReportingShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startReportingShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`never happened: ${what}`);
}

const inboxEvent = (eventId: string) =>
  eventually(async () => {
    await shop.gateway.reporter.flush(2_000);
    return (await readInbox(shop.platform.url)).find((e) => e.eventId === eventId);
  }, `event ${eventId} in the inbox`);

describe('/sentry-test in Chromium', () => {
  it('a browser error reaches the inbox through the tunnel, with the page CID', async () => {
    const page = await browser.newPage();
    const tunnel: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') tunnel.push(new URL(r.url()).pathname);
    });
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
    await reactHandles(page, '[data-test="browser-error"]');
    await page.click('[data-test="browser-error"]');
    const result = page.locator('[data-test="browser-result"]');
    await result.waitFor();
    const [cid, eventId] = await result.locator('code').allTextContents();
    expect(cid).toBe(pageCid);
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    const event = await inboxEvent(eventId!);
    expect(event.message).toBe('Error: Sentry test: browser error');
    expect(event.cid).toBe(pageCid);
    expect(event.platform).toBe('javascript');
    expect((event.event.tags as Record<string, string>).tunnel_cid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(tunnel).toContain('/monitoring');
    await page.close();
  });

  it('reports again once the SDK loads, after it failed to load twice', async () => {
    const page = await browser.newPage();
    // The SDK's chunk fails twice (a flaky network), then loads. The first failure loads the page
    // again (the chunk guard, ADR 0175); the second, within its 10 s, is left to the page.
    let refused = 0;
    await page.route('**/assets/sentry-browser-*.js', (route) =>
      refused++ < 2 ? route.abort('failed') : route.continue(),
    );
    await page.goto(`${shop.url}/sentry-test`);
    for (let i = 0; i < 100 && refused < 2; i += 1) await page.waitForTimeout(100);
    expect(refused).toBe(2);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '[data-test="browser-error"]');
    await page.click('[data-test="browser-error"]');
    const result = page.locator('[data-test="browser-result"]');
    await result.waitFor();
    expect((await result.locator('code').allTextContents())[1]).toMatch(/^none/);
    // Tried again at the next report once its pause (5 s) is over; the queued error goes too.
    await page.waitForTimeout(5_200);
    await page.click('[data-test="browser-error"]');
    const reported = page.locator('[data-test="browser-result"]', { hasNotText: 'none' });
    await reported.waitFor();
    const [pageCid, eventId] = await reported.locator('code').allTextContents();
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    // The queued error is sent first; the SDK drops the same error again as a duplicate.
    const event = await eventually(
      async () =>
        (await readInbox(shop.platform.url)).find(
          (e) => e.cid === pageCid && e.message === 'Error: Sentry test: browser error',
        ),
      `the page's browser error in the inbox`,
    );
    expect(event.platform).toBe('javascript');
    expect(refused).toBe(3);
    await page.close();
  }, 40_000);

  it('a failed fetch (404) shows its own CID and no event: a 4xx is not a fault', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
    await reactHandles(page, '[data-test="failed-fetch"]');
    await page.click('[data-test="failed-fetch"]');
    // Neither the gateway (ADR 0251) nor the browser runtime (ADR 0303) reports a 404.
    const result = page.locator('[data-test="fetch-result"]');
    await result.waitFor();
    expect(await result.textContent()).toContain('Answer 404.');
    const [cid, eventId] = await result.locator('code').allTextContents();
    expect(cid).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(cid).not.toBe(pageCid);
    expect(eventId).toBe('none (not a fault)');
    // A browser error raised after it reaches the inbox; the 404 is not there before it.
    await page.click('[data-test="browser-error"]');
    const raised = page.locator('[data-test="browser-result"]');
    await raised.waitFor();
    await inboxEvent((await raised.locator('code').allTextContents())[1]!);
    expect(await readInbox(shop.platform.url, cid)).toEqual([]);
    expect(await result.locator('code').nth(1).textContent()).toBe('none (not a fault)');
    await page.close();
  });

  it('a loader error after a client navigation shows the CID of the failed data request', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
    const dataResponse = page.waitForResponse((r) => r.url().includes('.data'));
    await reactHandles(page, '[data-test="loader-error"]');
    await page.click('[data-test="loader-error"]');
    const failed = await dataResponse;
    const cid = failed.headers()['x-correlation-id']!;
    expect(cid).not.toBe(pageCid);
    await page.locator('.error-screen .cid code', { hasText: cid }).waitFor();
    const eventId = await page.locator('.error-screen .event-id code').textContent();
    const event = await inboxEvent(eventId!);
    expect(event.message).toBe('Error: Sentry test: loader error');
    expect(event.cid).toBe(cid);
    await page.close();
  });

  it('a server exception shows its CID and event id', async () => {
    const page = await browser.newPage();
    await page.goto(`${shop.url}/sentry-test`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await reactHandles(page, '[data-test="server-error"]');
    await page.click('[data-test="server-error"]');
    const result = page.locator('[data-test="server-result"]');
    await result.waitFor();
    const [cid, eventId] = await result.locator('code').allTextContents();
    const event = await inboxEvent(eventId!);
    expect(event.message).toBe('Error: Sentry test: server exception');
    expect(event.cid).toBe(cid);
    await page.close();
  });
});
