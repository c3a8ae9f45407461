import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { startNpmStart, type NpmStartShop } from '../support/npm-start';
import { VIEWPORTS } from '../support/viewports';

// Issue #29 item 5, ADR 0273: under `npm start` a new shopper registered and asked for a password
// reset, and then dead-ended: no outbox was reachable from the shop, and the e-mails' links named
// port 3000 whatever port the shop was on. Here the shop runs as `npm start` runs it, on ports of
// its own: the sign-in screens link to the development mailbox, whose e-mails' links lead back to
// this shop, and both journeys end signed in.
let shop: NpmStartShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startNpmStart(), launchChromium()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');

/** From the screen that says "Check your e-mail" to the link of the newest e-mail to `email`. */
async function followMail(page: Page, email: string, path: string): Promise<void> {
  await page.getByRole('link', { name: 'development mailbox' }).click();
  await page.getByRole('heading', { name: 'Development mailbox' }).waitFor();
  await hydrated(page);
  await page.getByLabel('Sent to').fill(email);
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(/\/dev\/mail\?to=/);
  const link = page.getByRole('link', { name: `${shop.url}${path}`, exact: false }).first();
  // The shop's own origin and port, not the seed's port 3000.
  expect(await link.getAttribute('href')).toMatch(new RegExp(`^${shop.url}${path}[A-Za-z0-9_-]+$`));
  await link.click();
  await hydrated(page);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
  const form = page.locator('section.sign-in-screen form.sign-in-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${shop.url}/`);
}

describe('npm start: registration and password reset through the development mailbox', () => {
  it('says where it is, on its own port', () => {
    expect(shop.url).not.toContain(':3000');
    expect(shop.output()).toContain(`Sent e-mails     ${shop.url}/dev/mail`);
  });

  it('registers, activates from the mailbox and signs in; then resets the password', async () => {
    const email = `npm-start-${Date.now().toString(36)}@example.com`;
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${shop.url}/social-login?mode=register`);
    await hydrated(page);
    const registration = page.getByRole('form', { name: 'Create an account' });
    await registration.getByLabel('First name').fill('Newcomer');
    await registration.getByLabel('Last name').fill('Tester');
    await registration.getByLabel('E-mail').fill(email);
    await registration.getByLabel('Password').fill('first-password');
    await registration.getByRole('button', { name: 'Create my account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    await followMail(page, email, '/profile/activation/');
    await page.getByRole('button', { name: 'Activate my account' }).click();
    await page.getByText('Your account is active').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await signIn(page, email, 'first-password');
    await context.clearCookies();

    await page.goto(`${shop.url}/social-login?mode=reset`);
    await hydrated(page);
    await page.locator('form.account-form').getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    await followMail(page, email, '/profile/reset/');
    await page.getByLabel('New password', { exact: true }).fill('second-password');
    await page.getByLabel('New password, again').fill('second-password');
    await page.getByRole('button', { name: 'Save my new password' }).click();
    await page.locator('.account-done').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await signIn(page, email, 'second-password');
    await context.close();
  }, 120_000);

  it('the mailbox and the sign-in note: no axe violation, no sideways scroll on a phone', async () => {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      const context = await browser.newContext({ viewport, bypassCSP: true });
      const page = await context.newPage();
      for (const path of ['/dev/mail', '/social-login?mode=register']) {
        await page.goto(`${shop.url}${path}`);
        await hydrated(page);
        expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);
        const [scroll, width] = await page.evaluate(() => [
          document.documentElement.scrollWidth,
          window.innerWidth,
        ]);
        expect(scroll, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(width);
      }
      await context.close();
    }
  });

  it("makes the other shop's links at its own host and the same port", async () => {
    const email = `npm-start-harbour-${Date.now().toString(36)}@example.com`;
    const harbour = shop.url.replace('//localhost:', '//harbour.localhost:');
    const answer = await fetch(`${shop.platformUrl}/api/services/uaa/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-domain-origin': harbour },
      body: JSON.stringify({ email, password: 'harbour-pass', firstName: 'H', lastName: 'T' }),
    });
    expect(answer.status).toBe(202);
    const outbox = await fetch(`${shop.platformUrl}/dev/outbox?to=${encodeURIComponent(email)}`);
    expect(outbox.status).toBe(200);
    const { messages } = (await outbox.json()) as { messages: { link: string }[] };
    expect(messages[0]?.link).toMatch(new RegExp(`^${harbour}/profile/activation/`));
  });
});
