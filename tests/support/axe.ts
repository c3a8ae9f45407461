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
