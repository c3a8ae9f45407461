import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInDemo } from './screens';

// Where the keyboard focus is, for the focus tests of tests/e2e/a11y-focus-*.test.ts
// (docs/decisions/0308).
export type Focused = {
  tag: string;
  name: string | null;
  invalid: string | null;
  /** The text of the elements aria-describedby names. */
  description: string;
  role: string | null;
  text: string;
  inDialog: boolean;
};

/** What has the focus (also without JavaScript: Playwright's own script reads it). */
export async function focused(page: Page): Promise<Focused | null> {
  const element = page.locator('*:focus');
  if ((await element.count()) === 0) return null;
  return element.evaluate((el) => ({
    tag: el.tagName.toLowerCase(),
    name: el.getAttribute('name'),
    invalid: el.getAttribute('aria-invalid'),
    description: (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`)
      .join(' | '),
    role: el.getAttribute('role'),
    text: (el.textContent ?? '').trim(),
    inDialog: el.closest('dialog') !== null,
  }));
}

/** Presses the form's submit button from the keyboard: Tab's target, then Enter. */
export async function submitFromKeyboard(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.focus();
  expect((await focused(page))?.tag).toBe('button');
  await button.press('Enter');
}

/** A signed-in demo shopper's page (in a context of its own; without JavaScript if asked). */
export async function signedIn(
  browser: Browser,
  shopUrl: string,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInDemo(page, shopUrl);
  return { context, page };
}
