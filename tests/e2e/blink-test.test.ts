import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLINK_SERVICE_PROBES } from '../../shared/contracts/blink';
import { launchChromium } from '../support/browser';
import { signInDemo } from '../support/screens';
import { startReportingShop, type ReportingShop } from '../support/error-inbox';

// Issue #7 item 5, "Checked by": /blink-test runs its checks in Chromium, saves them under the
// page's CID, and /blink-test/result shows them, also when opened by that CID alone; without
// JavaScript the page says what it could not check. The shop's platform calls pass a fault proxy,
// so a sick service shows up as a failed check.
let shop: ReportingShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startReportingShop(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const statusOf = (page: Page, id: string) =>
  page.locator(`tr[data-check="${id}"]`).getAttribute('data-status');

describe('/blink-test in Chromium', () => {
  it('runs the checks, saves them under the page CID, and the result opens by that CID', async () => {
    shop.faults.fail('/api/services/smart-carts/', 503);
    try {
      const page = await browser.newPage();
      await page.goto(`${shop.url}/blink-test`);
      const pageCid = await page.getAttribute('meta[name="correlation-id"]', 'content');
      expect(pageCid).toMatch(/^[A-Za-z0-9]{32}$/);
      await page.waitForURL(/\/blink-test\/result\?cid=/, { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('cid')).toBe(pageCid);
      await page.locator('[data-test="blink-summary"]').waitFor();
      expect(await page.locator('[data-test="blink-cid"]').textContent()).toBe(pageCid);

      // Support opens the code the shopper quotes, in another browser context.
      const support = await browser.newContext();
      const opened = await support.newPage();
      const answer = await opened.goto(`${shop.url}/blink-test/result?cid=${pageCid}`);
      expect(answer?.status()).toBe(200);
      for (const { service } of BLINK_SERVICE_PROBES) {
        expect(await statusOf(opened, `service-${service}`), service).toBe(
          service === 'smart-carts' ? 'failed' : 'ok',
        );
      }
      expect(
        await opened.locator('tr[data-check="service-smart-carts"] td').last().textContent(),
      ).toBe('Answered 503 to the shop server');
      // Every sentence a real browser's checks wrote is one the result page shows (ADR 0344).
      expect(await opened.locator('.blink-checks').textContent()).not.toContain('Not shown');
      for (const id of [
        'gateway',
        'session-cookies',
        'cookies',
        'local-storage',
        'session-storage',
        'features',
        'clock',
        'round-trip',
      ]) {
        expect(await statusOf(opened, id), id).toBe('ok');
      }
      const facts = await opened.locator('.blink-facts').textContent();
      expect(facts).toContain('JavaScript' + 'on');
      expect(facts).toMatch(/Round trip\d+ ms/);
      // Its name and version, not the User-Agent as sent (ADR 0344).
      expect(facts).toMatch(/BrowserHeadless Chrome \d+ on Linux$/);
      expect(await opened.locator('[data-test="blink-summary"]').textContent()).toBe(
        '1 failed, 14 OK, 0 not checked.',
      );
      await support.close();
      await page.close();
    } finally {
      shop.faults.clear();
    }
  });

  it('flags session cookies that scripts can read', async () => {
    const context = await browser.newContext();
    // Not what the gateway sets (httpOnly): a cookie a script can see must fail the check.
    await context.addCookies([{ name: 'access_token', value: 'x', url: shop.url }]);
    const page = await context.newPage();
    await page.goto(`${shop.url}/blink-test`);
    await page.waitForURL(/\/blink-test\/result\?cid=/, { timeout: 30_000 });
    await page.locator('[data-test="blink-summary"]').waitFor();
    expect(await statusOf(page, 'session-cookies')).toBe('failed');
    expect(await page.locator('tr[data-check="session-cookies"] td').last().textContent()).toBe(
      'Readable by scripts: access_token',
    );
    await context.close();
  });

  it('without JavaScript says what it could not check, and saves what the server saw', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.url}/blink-test`);
    const cid = await page.getAttribute('meta[name="correlation-id"]', 'content');
    await page.getByText('JavaScript is off or has not run yet').waitFor();
    expect(await statusOf(page, 'gateway')).toBe('ok');
    expect(await statusOf(page, 'service-catalogue')).toBe('not-checked');
    expect(await page.locator('tr[data-check="clock"] td').last().textContent()).toBe(
      'Not checked: JavaScript off',
    );
    await page.getByRole('button', { name: 'Send this report to the shop' }).click();
    await page.waitForURL(/\/blink-test\/result\?cid=/);
    expect(new URL(page.url()).searchParams.get('cid')).toBe(cid);
    expect(await page.locator('.blink-facts').textContent()).toContain('JavaScript' + 'off');
    expect(await statusOf(page, 'round-trip')).toBe('not-checked');
    expect(await page.locator('[data-test="blink-summary"]').textContent()).toMatch(
      /^Nothing failed, 1 OK, 14 not checked\.$/,
    );
    await context.close();
  });

  // Issue #29 item 5, ADR 0273: the browser asked every service itself, and a guest's console
  // got a 401 error for each one that needs an account.
  it('writes nothing to the console, as a guest and signed in', async () => {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`console: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      if (signedIn) await signInDemo(page, shop.url);
      await page.goto(`${shop.url}/blink-test`);
      await page.waitForURL(/\/blink-test\/result\?cid=/, { timeout: 30_000 });
      expect(await page.locator('[data-test="blink-summary"]').textContent()).toBe(
        'Nothing failed, 15 OK, 0 not checked.',
      );
      expect(problems, signedIn ? 'signed in' : 'guest').toEqual([]);
      await context.close();
    }
  });

  it('answers an unknown or malformed code with a message, not an error page', async () => {
    const page = await browser.newPage();
    const missing = await page.goto(`${shop.url}/blink-test/result?cid=${'Z'.repeat(32)}`);
    expect(missing?.status()).toBe(404);
    await page.getByText('No report has this code.').waitFor();
    const malformed = await page.goto(`${shop.url}/blink-test/result?cid=nope`);
    expect(malformed?.status()).toBe(400);
    await page.getByText('A code is 32 letters and digits.').waitFor();
    await page.close();
  });
});
