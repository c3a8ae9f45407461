import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// axe-core run in the page (the context needs `bypassCSP: true`: the script is injected past the
// page's nonce-based CSP). Each violation as "rule: help (targets)".
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
type Violation = { id: string; help: string; nodes: { target: string[] }[] };

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    type Results = { violations: Violation[]; passes: unknown[] };
    const axe = (window as unknown as { axe: { run(): Promise<Results> } }).axe;
    const results = await axe.run();
    return { violations: results.violations, passes: results.passes.length };
  });
  // axe ran and checked something (a blank page would pass too).
  expect(found.passes).toBeGreaterThan(10);
  return found.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/**
 * The document `html` as a browser without JavaScript built it, for a browser with it on: no
 * `<script>` and no module preload, and `<noscript>`'s content unwrapped (with scripting on, a
 * browser reads that content as text and shows none of it).
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
    .replace(/<\/?noscript\b[^>]*>/gi, '');
}

/**
 * axe over the page of a context with `javaScriptEnabled: false`, as that visitor has it. axe
 * cannot run there (no timer fires in such a page), so the page's document as Chromium built it
 * without JavaScript (its forms' answers included) is audited in a page of its own, at the same
 * URL and viewport, with JavaScript on for axe alone: the document `withoutScripts`, the shop's
 * scripts refused; its styles and pictures load from the shop.
 */
export async function axeViolationsWithoutJavaScript(page: Page): Promise<string[]> {
  const html = withoutScripts(await page.content());
  const url = page.url();
  const context = await page
    .context()
    .browser()!
    .newContext({ bypassCSP: true, viewport: page.viewportSize() });
  try {
    await context.route('**/*', (route) => {
      const request = route.request();
      if (request.resourceType() === 'script') return route.abort();
      if (request.isNavigationRequest() && request.url() === url)
        return route.fulfill({ contentType: 'text/html; charset=utf-8', body: html });
      return route.continue();
    });
    const copy = await context.newPage();
    await copy.goto(url);
    expect(await copy.locator('script').count()).toBe(0);
    return await axeViolations(copy);
  } finally {
    await context.close();
  }
}
