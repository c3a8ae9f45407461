import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCid } from '../../shared/cid';
import {
  reportThroughTunnel,
  startSentryIngest,
  type SentryIngest,
} from '../support/sentry-ingest';
import { startShop, type TestShop } from '../support/shop';

// The tags the gateway's own reports carry (server/observability/error-reporting.ts: `build`, its
// build id; `fault`, the kind of fault; `shop`, the request's shop host), which the shop's browser
// never sets. The tunnel passed them on as a post wrote them: a report could be filed under any
// build, kind of fault or shop, beside the gateway's own (ADR 0373). Now `build` goes on when it
// names a build of the shop (the running one, or one of a build id's form, as the release:
// 0365), `fault` when it is a kind the gateway reports, else each is shown as a claim; `shop` is
// the request's, on every report as the tenant is, another one the browser named shown as a claim.
let shop: TestShop;
let ingest: SentryIngest;
let running: string;
beforeAll(async () => {
  ingest = await startSentryIngest();
  shop = await startShop({ SENTRY_PUBLIC_DSN: ingest.dsn, NODE_ENV: 'production' });
  const latest = await fetch(`${shop.url}/builds/latest.json`);
  running = ((await latest.json()) as { buildId: string }).buildId;
});
afterAll(async () => {
  await shop?.close();
  await ingest?.close();
});

/** An event of a page of the shop, as @sentry/react writes it, with these tags. */
function report(tags: Record<string, unknown>) {
  const page = createCid();
  return reportThroughTunnel(shop.url, ingest, {
    event_id: '0f'.repeat(16),
    platform: 'javascript',
    level: 'error',
    release: running,
    message: 'TypeError: x is undefined',
    tags: { cid: page, page_cid: page, route: 'home', ...tags },
  });
}

describe('the tags of the gateway’s own reports, on a browser’s report', () => {
  it.each([
    ['the running build', () => running],
    ['a replaced build (a build id’s form)', () => '0123abcd'],
  ])('a build tag naming %s is kept', async (_what, id) => {
    const forwarded = await report({ build: id() });
    expect(forwarded.tags.build).toBe(id());
    expect(forwarded.tags).not.toHaveProperty('build_claimed');
  });

  it.each([
    ['of no build’s form', 'v9.9.9-evil', 'v9.9.9-evil'],
    ['over-long', 'b'.repeat(300), `${'b'.repeat(64)}…`],
    ['not text', 12345678, '12345678'],
  ])('a build tag %s goes without one, the claim shown', async (_what, build, shown) => {
    const forwarded = await report({ build });
    expect(forwarded.tags).not.toHaveProperty('build');
    expect(forwarded.tags.build_claimed).toBe(shown);
  });

  it.each(['exception', 'upstream_5xx', 'timeout', 'unreachable', 'test'])(
    'a fault tag %s, a kind the gateway reports, is kept',
    async (fault) => {
      const forwarded = await report({ fault });
      expect(forwarded.tags.fault).toBe(fault);
      expect(forwarded.tags).not.toHaveProperty('fault_claimed');
    },
  );

  it.each([
    ['of no kind', 'payment-fraud', 'payment-fraud'],
    ['of another case', 'Exception', 'Exception'],
    ['not text', { kind: 'exception' }, '{"kind":"exception"}'],
  ])('a fault tag %s goes without one, the claim shown', async (_what, fault, shown) => {
    const forwarded = await report({ fault });
    expect(forwarded.tags).not.toHaveProperty('fault');
    expect(forwarded.tags.fault_claimed).toBe(shown);
  });

  it('the shop is the request’s, named or not; another one the browser named is a claim', async () => {
    const none = await report({});
    expect(none.tags.shop).toBe('localhost');
    const same = await report({ shop: 'localhost' });
    expect(same.tags.shop).toBe('localhost');
    expect(same.tags).not.toHaveProperty('shop_claimed');
    const other = await report({ shop: 'other-shop.example' });
    expect(other.tags.shop).toBe('localhost');
    expect(other.tags.shop_claimed).toBe('other-shop.example');
  });

  it('the claims are the gateway’s: ones the browser sent do not go on', async () => {
    const forwarded = await report({ build_claimed: 'x', fault_claimed: 'y', shop_claimed: 'z' });
    for (const name of ['build_claimed', 'fault_claimed', 'shop_claimed'])
      expect(forwarded.tags).not.toHaveProperty(name);
  });
});
