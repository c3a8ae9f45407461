import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_POLL_MS } from './build-watch';
import type * as BuildWatch from './build-watch';

// The update check in Node: fake timers, a page on build "b2" (time 2000), a gateway whose answers
// each test sets, a document that can be hidden. Each test loads the module afresh (it keeps what
// it learned).
type Watch = typeof BuildWatch;
const metaTimes: Record<string, number> = { b1: 1_000, b2: 2_000, b3: 3_000 };
let latest: string;
let metaDown: Set<string>;
let requests: string[];
let visibility: { hidden: boolean; listeners: (() => void)[] };
let assign: ReturnType<typeof vi.fn>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status });
}

async function gateway(input: string | URL | Request): Promise<Response> {
  const url = String(input);
  requests.push(url.replace(/\?t=\d+$/, ''));
  if (url.startsWith('/builds/latest.json')) return json({ buildId: latest });
  const id = /\/assets\/builds\/meta\/(\w+)\.json$/.exec(url)?.[1] ?? '';
  if (metaDown.has(id) || !(id in metaTimes)) return json({}, 503);
  return json({ id, timestamp: metaTimes[id], routes: [] });
}

async function startWatch(): Promise<Watch> {
  vi.resetModules();
  const watch = await import('./build-watch');
  watch.startBuildWatch();
  await vi.advanceTimersByTimeAsync(1_000 + 1); // a second, then idle (setTimeout 1)
  return watch;
}
const poll = () => vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
const polls = () => requests.filter((url) => url === '/builds/latest.json').length;

beforeEach(() => {
  vi.useFakeTimers();
  latest = 'b2';
  metaDown = new Set();
  requests = [];
  visibility = { hidden: false, listeners: [] };
  assign = vi.fn();
  vi.stubGlobal('fetch', vi.fn(gateway));
  vi.stubGlobal('window', {
    __reactRouterManifest: { version: 'b2' },
    setTimeout: (...args: Parameters<typeof setTimeout>) => setTimeout(...args),
    setInterval: (...args: Parameters<typeof setInterval>) => setInterval(...args),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
    location: { assign },
    sessionStorage: {
      getItem: () => null,
      setItem: () => undefined,
    },
  });
  vi.stubGlobal('document', {
    get hidden() {
      return visibility.hidden;
    },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') visibility.listeners.push(listener);
    },
    removeEventListener: (type: string, listener: () => void) => {
      visibility.listeners = visibility.listeners.filter((l) => l !== listener);
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the update check (ADR 0177)', () => {
  it('finds a newer build by its time, and an older one is not newer', async () => {
    const watch = await startWatch();
    expect(watch.newerBuildAvailable()).toBe(false);
    latest = 'b1';
    await poll();
    expect(watch.newerBuildAvailable()).toBe(false);
    latest = 'b3';
    await poll();
    expect(watch.newerBuildAvailable()).toBe(true);
  });

  it("does not take an older build for newer when this build's metadata failed to load", async () => {
    metaDown.add('b2');
    const warn = console.warn;
    console.warn = vi.fn(); // the one warning expected (ADR 0177), kept from the console checks
    const watch = await startWatch().finally(() => (console.warn = warn));
    // A replica still on the old build answers; this build's metadata is readable again.
    metaDown.delete('b2');
    latest = 'b1';
    await poll();
    expect(watch.newerBuildAvailable()).toBe(false);
    latest = 'b3';
    await poll();
    expect(watch.newerBuildAvailable()).toBe(true);
  });

  it('does not poll while the tab is hidden, and polls when it is shown again', async () => {
    await startWatch();
    expect(polls()).toBe(1);
    visibility.hidden = true;
    await poll();
    await poll();
    expect(polls()).toBe(1);
    visibility.hidden = false;
    for (const listener of visibility.listeners) listener();
    await vi.advanceTimersByTimeAsync(0);
    expect(polls()).toBe(2);
  });

  it('stops polling once a newer build is known', async () => {
    latest = 'b3';
    const watch = await startWatch();
    expect(watch.newerBuildAvailable()).toBe(true);
    const before = requests.length;
    await poll();
    await poll();
    expect(requests.length).toBe(before);
  });

  it('loads nothing and throws nothing where the tab has no usable sessionStorage', async () => {
    const watch = await startWatch();
    Object.defineProperty(window, 'sessionStorage', {
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    expect(watch.reloadFor('/search')).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
