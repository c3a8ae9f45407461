import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The chunk guard in Node: globals for the window's listeners, location and storage; the report a
// mock. Each test loads the module afresh (it keeps the failed path).
vi.mock('./reporting', () => ({ reportError: vi.fn(async () => null) }));

type Listener = (event: { reason?: unknown; defaultPrevented?: boolean }) => void;
let listeners: Map<string, Listener>;
let page: { pathname: string; search: string; reload: () => void; assign: (to: string) => void };
const log = console.error;

function blockStorage() {
  // Storage blocked (cookies off): reading window.sessionStorage throws.
  const blocked = {
    get sessionStorage(): Storage {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  };
  vi.stubGlobal('window', blocked);
  Object.defineProperty(globalThis, 'sessionStorage', {
    configurable: true,
    get: () => blocked.sessionStorage,
  });
}

beforeEach(() => {
  vi.resetModules();
  listeners = new Map();
  vi.stubGlobal('addEventListener', (type: string, listener: Listener) =>
    listeners.set(type, listener),
  );
  page = { pathname: '/search', search: '?q=milk', reload: vi.fn(), assign: vi.fn() };
  vi.stubGlobal('location', page);
  // What React Router logs, kept from the test's console checks: the guard wraps console.error.
  console.error = vi.fn();
});
afterEach(() => {
  console.error = log;
  Reflect.deleteProperty(globalThis, 'sessionStorage');
  vi.unstubAllGlobals();
});

describe('the chunk guard where the tab has no usable sessionStorage', () => {
  it('does not reload, and does not throw, on a failed lazy import', async () => {
    blockStorage();
    const { guardChunkLoads } = await import('./chunk-guard');
    guardChunkLoads();
    const failed = new TypeError('Failed to fetch dynamically imported module: /assets/a.js');
    expect(() => listeners.get('vite:preloadError')!({ defaultPrevented: false })).not.toThrow();
    expect(() => listeners.get('unhandledrejection')!({ reason: failed })).not.toThrow();
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('shows the error screen and reports a route module that failed to load', async () => {
    blockStorage();
    const { reportError } = await import('./reporting');
    const { guardChunkLoads } = await import('./chunk-guard');
    guardChunkLoads();
    expect(() =>
      console.error('Error loading route module `/assets/search.js`, reloading'),
    ).toThrow(
      'Error loading route module `/assets/search.js`: failed to fetch dynamically imported module',
    );
    expect(page.assign).not.toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledOnce();
  });
});
