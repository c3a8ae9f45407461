// Vite wraps each dynamic import() in the browser build as `__vitePreload(() => import(x), deps)`;
// vite.config.ts (preloadHelper) points that helper at this file instead of Vite's own, which is
// larger and on every first load (ADR 0209). What callers see is the same: the chunk's static
// imports (`deps`, paths under the base "/") are preloaded beside it, and a failed load fires a
// cancelable `vite:preloadError` with the error as `payload`, rethrown unless a listener prevented
// it (lib/island-submits.ts, runtime/chunk-guard.ts). Not kept from Vite's: stylesheets among the
// deps (the build has one stylesheet, linked by the page: `cssCodeSplit: false`) and the wait for
// the preloads before the import (the browser shares one fetch per module between the two).
export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T | undefined> {
  for (const dep of deps ?? []) {
    // As the page's own preloads are written (React Router's, and those added here before).
    const href = `/${dep}`;
    if (document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return load().catch((error: unknown) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: error,
    });
    dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
    return undefined;
  });
}
