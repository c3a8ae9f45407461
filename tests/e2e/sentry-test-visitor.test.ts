import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, reactHandles } from '../support/browser';
import { readInbox, startReportingShop, type ReportingShop } from '../support/error-inbox';
import { DEMO } from '../support/platform';

// Issue #28 item 2, "Checked by": a signed-in shopper raises an error on /sentry-test; the report in
// the local inbox names their login and e-mail, the release (the build's version), the route id,
// the page's CID and the tenant id. A guest's report names no one. The inbox groups the events.
let shop: ReportingShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startReportingShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

async function inboxEvent(eventId: string) {
  for (let i = 0; i < 100; i++) {
    const found = (await readInbox(shop.platform.url)).find((e) => e.eventId === eventId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`event ${eventId} never reached the inbox`);
}

/** Clicks the browser-error button of /sentry-test; the event id the page shows, and the page's facts. */
async function raiseBrowserError(page: Page) {
  await page.goto(`${shop.url}/sentry-test`);
  await page.waitForSelector('html[data-hydrated="true"]');
  const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
  const release = await page.evaluate(
    () =>
      (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version,
  );
  await reactHandles(page, '[data-test="browser-error"]');
  await page.click('[data-test="browser-error"]');
  const result = page.locator('[data-test="browser-result"]');
  await result.waitFor();
  const [, eventId] = await result.locator('code').allTextContents();
  return { event: await inboxEvent(eventId!), pageCid, release };
}

describe('browser reports in Chromium', () => {
  it("carry the signed-in shopper's login and e-mail, the release, route, page CID and tenant", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${shop.url}/social-login`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const form = page.locator('section.sign-in-screen form.sign-in-form');
    await form.getByLabel('E-mail').fill(DEMO.email);
    await form.getByLabel('Password').fill(DEMO.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${shop.url}/`);

    const { event, pageCid, release } = await raiseBrowserError(page);
    expect(event.message).toBe('Error: Sentry test: browser error');
    expect(event.user).toEqual({ login: expect.any(String), email: DEMO.email });
    expect(event.user!.login).not.toBe('');
    expect(release).toMatch(/\S/);
    expect(event.event.release).toBe(release);
    const tags = event.event.tags as Record<string, string>;
    expect(tags).toMatchObject({ route: 'sentry-test', page_cid: pageCid, tenant: 'fresh' });
    // A genuine report's release, CIDs and route pass the tunnel's checks unchanged (ADRs 0365,
    // 0368); its environment is the gateway's (NODE_ENV test), not the SDK's default `production`.
    expect(Object.keys(tags).filter((name) => name.endsWith('_claimed'))).toEqual([]);
    expect(event.event.environment).toBe('test');
    await context.close();
  });

  it("name no one for a guest, and the inbox counts the same error's events as one group", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await raiseBrowserError(page);
    const second = await raiseBrowserError(page);
    expect(first.event.user).toBeNull();
    expect(second.event.event.release).toBe(second.release);
    const response = await fetch(`${shop.platform.url}/dev/errors`, {
      headers: { accept: 'application/json' },
    });
    const { groups } = (await response.json()) as {
      groups: { message: string; count: number; lastEventId: string }[];
    };
    const group = groups.find((g) => g.message === 'Error: Sentry test: browser error');
    // Two here, one in the test before (a signed-in shopper's): the same fault.
    expect(group?.count).toBe(3);
    expect(group?.lastEventId).toBe(second.event.eventId);
    const html = await (
      await fetch(`${shop.platform.url}/dev/errors`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toMatch(/<td class="count">3<\/td><td>Error: Sentry test: browser error/);
    await context.close();
  });
});
