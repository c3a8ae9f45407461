import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPage } from '../support/early-reading';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { jwt } from '../support/proxy-scenario';

// ADR 0294: when each of a session's last eight pages waited longer for its data than the early
// head's wait (EARLY_HEAD_AFTER_MS), the upstream is slower than the wait and the head goes at
// once; one page whose data was quick brings the wait back, and so does a gateway whose own
// event loop was busy (the fake upstream runs in this test's process, the gateway's).
const ACCOUNT = '/api/services/uaa/api/v1/account';
const ANN = { id: 'a1', login: 'ann', email: 'ann@example.com' };
const WAIT_MS = 100;
const COOKIE = `access_token=${jwt('t', 600)}; refresh_token=r`;
let gw: PageGateway;
let origin = '';
/** The account's answer waits for this, per call; null answers at once. */
let hold: (() => Promise<void>) | null = null;

beforeAll(async () => {
  // The calls' deadline is only a page's last resort here (headWithTimersStopped): a loaded
  // machine has all of it to send a head due at once.
  gw = await startPageGateway({
    TRUST_PROXY: '127.0.0.1',
    EARLY_HEAD_AFTER_MS: String(WAIT_MS),
    CONTEXT_TIMEOUT_MS: '10000',
  });
  await gw.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(gw.app.server.address() as AddressInfo).port}`;
  serveContext(gw.upstream);
  gw.upstream.on('GET', /^\/api\/services\/booking-ms/, { body: { uid: 'b', items: [] } });
  gw.upstream.on('GET', /^\/api\/services\/smart-carts/, { body: { items: [] } });
  gw.upstream.on('GET', ACCOUNT, async () => {
    if (hold) await hold();
    return { body: ANN };
  });
  // The shop's first document teaches the gateway its head.
  await (
    await readPage(`${origin}/blink-test`, COOKIE)
  ).rest;
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function slowPages(count: number, hold_ = () => sleep(WAIT_MS + 20)) {
  hold = hold_;
  for (let i = 0; i < count; i += 1) await (await readPage(`${origin}/blink-test`, COOKIE)).rest;
}

/** The answer held by work on the event loop itself, as a saturated gateway's would be. */
async function spin() {
  const until = performance.now() + WAIT_MS + 20;
  while (performance.now() < until);
}

/** A page whose data is held until its first chunk has arrived: when did that chunk come? */
async function headWhileDataHeld() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // Never held past the wait's own end, so a head sent on time is no deadlock either.
  hold = () => Promise.race([released, sleep(WAIT_MS * 3)]);
  const started = performance.now();
  const page = await readPage(`${origin}/blink-test`, COOKIE);
  const firstAfter = performance.now() - started;
  release();
  const html = await page.rest;
  return { page, firstAfter, html };
}

/**
 * A page read while no timer can fire (setTimeout stopped, the gateway's and this process's), its
 * data held until its first chunk has arrived: a head that comes then went at once, since its
 * wait, a timer, could not have ended. Shown by the order of events, whatever the machine's speed.
 * A head that waits never comes: the page's calls give up after CONTEXT_TIMEOUT_MS (their
 * deadlines are kept by an interval, which goes on), and the page goes whole.
 */
async function headWithTimersStopped() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  hold = () => released;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const page = await readPage(`${origin}/blink-test`, COOKIE);
    return { page, html: page.rest };
  } finally {
    vi.useRealTimers();
    release();
  }
}

describe('the early head behind a slow upstream', () => {
  it('waits while the pages seen were not all slow, then goes at once', async () => {
    await slowPages(7);
    const waited = await headWhileDataHeld();
    expect(waited.page.response.headers['x-page-head']).toBe('early');
    expect(waited.firstAfter).toBeGreaterThanOrEqual(WAIT_MS - 5);

    // That page was slow too: eight in a row now. The next page's head goes, no timer able to fire.
    const atOnce = await headWithTimersStopped();
    expect(atOnce.page.response.headers['x-page-head']).toBe('early');
    expect(atOnce.page.first).not.toContain('</head>');
    expect(await atOnce.html).toContain('&quot;email&quot;:&quot;ann@example.com&quot;');
  });

  it('waits again after one page whose data was quick', async () => {
    await slowPages(8);
    hold = null;
    // Nothing says in advance that this page's data is quick: its head is due at once, after
    // the page's calls have left (here the data may be in first: the page then goes whole).
    const quick = await readPage(`${origin}/blink-test`, COOKIE);
    expect(await quick.rest).toContain('&quot;email&quot;:&quot;ann@example.com&quot;');
    const whole = await readPage(`${origin}/blink-test`, COOKIE);
    expect(whole.response.headers['x-page-head']).toBeUndefined();
    expect(Number(whole.response.headers['content-length'])).toBeGreaterThan(1000);
    await whole.rest;
    const waited = await headWhileDataHeld();
    expect(waited.page.response.headers['x-page-head']).toBe('early');
    expect(waited.firstAfter).toBeGreaterThanOrEqual(WAIT_MS - 5);
  });

  it('waits while the pages were slow because the event loop itself was busy', async () => {
    await slowPages(8, spin);
    const waited = await headWhileDataHeld();
    expect(waited.page.response.headers['x-page-head']).toBe('early');
    expect(waited.firstAfter).toBeGreaterThanOrEqual(WAIT_MS - 5);
  });
});
