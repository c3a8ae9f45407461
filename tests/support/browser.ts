import { chromium, type Browser, type Page } from 'playwright-core';

// Debian's Chromium, headless, with the flags this machine needs (no downloads, no network).
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/**
 * Waits until React handles events on the element `selector` matches: its page island's code
 * has arrived (at idle, or at the first interaction: docs/decisions/0208). Before that, a click
 * on a JavaScript-only button does nothing, and on a busy machine `data-hydrated` comes well
 * before it. The same mark the form hold reads (client/lib/island-submits.ts).
 */
export async function reactHandles(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((k) => k.startsWith('__reactProps$'));
  }, selector);
}
