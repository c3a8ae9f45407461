import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLINK_BROWSER_CHECKS, type BlinkReport } from '../../../shared/contracts/blink';
import { serverSideReport } from './blink-report.server';
import { runBlink } from './blink-run';
import { BLINK_FEATURES, inShopWords, isShopDetail, NOT_SHOP_DETAIL } from './blink-words';

// A stored report is shown in the shop's words (ADR 0344): whoever saved it chose its text.
afterEach(() => vi.unstubAllGlobals());

const spoofed: BlinkReport = {
  checks: [
    {
      id: 'gateway',
      label: 'IMPORTANT: your account is locked',
      status: 'failed',
      detail: 'Call support at 0800 000 000 or visit https://evil.example/unlock',
    },
    { id: 'made-up', label: 'Refund due', status: 'ok', detail: 'Answered the shop server' },
    { id: 'cookies', label: 'Cookies enabled', status: 'ok', detail: 'Enabled' },
    { id: 'cookies', label: 'Second cookies row', status: 'failed', detail: 'Blocked' },
    { id: 'features', label: 'x', status: 'failed', detail: 'Missing: fetch, call 0800 000 000' },
  ],
  userAgent: 'Mozilla/5.0',
  javascript: true,
  clockSkewMs: 0,
  roundTripMs: 12,
};

describe('a stored blink report in the shop words', () => {
  it('keeps the shop checks only, once each, with their labels; foreign details are not shown', () => {
    const shown = inShopWords(spoofed);
    expect(shown.checks).toEqual([
      { id: 'gateway', label: 'Shop server reachable', status: 'failed', detail: NOT_SHOP_DETAIL },
      { id: 'cookies', label: 'Cookies enabled', status: 'ok', detail: 'Enabled' },
      { id: 'features', label: 'JavaScript features', status: 'failed', detail: NOT_SHOP_DETAIL },
    ]);
    const text = JSON.stringify(shown);
    for (const words of ['locked', '0800', 'evil.example', 'Refund', 'Second cookies row'])
      expect(text).not.toContain(words);
  });

  it("shows every sentence the server's own report writes", () => {
    for (const cookie of ['', 'a=1']) {
      const request = new Request('http://shop.test/blink-test', { headers: { cookie } });
      const report = serverSideReport(request);
      expect(inShopWords(report)).toEqual(report);
    }
  });

  // The vocabulary follows blink-run.ts: a sentence it writes and the result page hid would fail here.
  it("shows every sentence the browser's checks write, working or failing", async () => {
    for (const works of [true, false]) {
      stubBrowser(works);
      const checked = await runBlink(works);
      expect(checked.checks.map((c) => c.id)).toEqual(BLINK_BROWSER_CHECKS.map((c) => c.id));
      for (const check of checked.checks)
        expect(isShopDetail(check.detail), check.detail).toBe(true);
      expect(inShopWords(checked)).toEqual(checked);
      vi.unstubAllGlobals();
    }
  });
});

/** A browser where everything works (services answering, one 503), or where nothing does. */
function stubBrowser(works: boolean) {
  const storage = () => {
    const kept = new Map<string, string>();
    return {
      setItem: (k: string, v: string) => {
        if (!works) throw new Error('QuotaExceededError');
        kept.set(k, v);
      },
      getItem: (k: string) => kept.get(k) ?? null,
      removeItem: (k: string) => kept.delete(k),
    };
  };
  let cookies = works ? 'access_token=x' : '';
  const features = Object.fromEntries(BLINK_FEATURES.map((name) => [name, works ? () => 1 : null]));
  vi.stubGlobal('window', {
    ...features,
    URL: works ? URL : undefined,
    URLSearchParams: works ? URLSearchParams : undefined,
    crypto: works ? { getRandomValues: () => 1 } : undefined,
    localStorage: storage(),
    sessionStorage: storage(),
  });
  vi.stubGlobal('document', {
    get cookie() {
      return cookies;
    },
    set cookie(value: string) {
      if (works && !value.includes('max-age=0')) cookies = `${cookies}; ${value.split(';')[0]}`;
    },
  });
  vi.stubGlobal('navigator', { cookieEnabled: works, userAgent: 'test' });
  const services = { uaa: 401, 'booking-ms': 503, catalogue: 200, orders: null };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (!works) throw new TypeError('Failed to fetch');
      if (url.startsWith('/builds/'))
        return new Response('{}', { headers: { date: new Date().toUTCString() } });
      return Response.json({ services });
    }),
  );
}
