import { launchChromium } from '../../tests/support/browser';
import { median } from './page-timing';

// Issue #30 item 3's browser row (bench/latency.ts): Chromium, signed in, behind the same delay,
// loads a page; when does its stylesheet request start against the document's last byte?
// Negative: before it (the head reached the browser first).

/** Chromium navigations measured (after one not counted: the browser's own start). */
export const CSS_RUNS = 5;

/** Chromium, signed in, with the same delay: the stylesheet's start minus the document's end. */
export async function stylesheetStart(origin: string, path: string, cookie: string) {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const url = new URL(origin);
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), domain: url.hostname, path: '/' };
      }),
    );
    const page = await context.newPage();
    // Every navigation fetches the stylesheet (a cached one is not requested, so its timing says
    // nothing); the first navigation pays the browser's own start and is not counted.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const results: number[] = [];
    for (let i = 0; i <= CSS_RUNS; i += 1) {
      await page.goto(`${origin}${path}`, { waitUntil: 'load' });
      const start = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const css = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('.css'));
        return css ? css.startTime - nav.responseEnd : NaN;
      });
      if (i > 0) results.push(start);
    }
    return median(results);
  } finally {
    await browser.close();
  }
}
