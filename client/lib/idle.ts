/** Runs `fn` once the page is idle (soon after, where the browser has no requestIdleCallback). */
export function whenIdle(fn: () => void): void {
  (window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1)))(fn);
}
