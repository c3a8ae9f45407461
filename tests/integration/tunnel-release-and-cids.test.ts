import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_ID_PATTERN } from '../../server/observability/report-claims';
import { createCid } from '../../shared/cid';
import {
  reportThroughTunnel,
  startSentryIngest,
  type SentryIngest,
} from '../support/sentry-ingest';
import { startShop, type TestShop } from '../support/shop';

// The browser's report names its release (the build its page came from) and its page's CID
// (docs/decisions/0365). Before, both went on to Sentry as anyone's post wrote them: a made-up
// release, 5,000 characters of one, a CID that is no CID. Now the running build and any other
// build id are kept, and well-formed CIDs; anything else goes as if unnamed, the claim shown in a
// `<name>_claimed` tag.
let shop: TestShop;
let ingest: SentryIngest;
let running: string;
beforeAll(async () => {
  ingest = await startSentryIngest();
  shop = await startShop({ SENTRY_PUBLIC_DSN: ingest.dsn });
  const latest = await fetch(`${shop.url}/builds/latest.json`);
  running = ((await latest.json()) as { buildId: string }).buildId;
});
afterAll(async () => {
  await shop?.close();
  await ingest?.close();
});

/** Posts one event; answers the event as the Sentry stand-in got it and the tunnel post's CID. */
const report = (event: Record<string, unknown>) => reportThroughTunnel(shop.url, ingest, event);

const CLAIMS = ['release_claimed', 'cid_claimed', 'page_cid_claimed'];

describe("a browser's report names a release and CIDs only of the forms the shop gives", () => {
  it("a genuine report keeps its release and its page's CID as sent, and claims nothing", async () => {
    const page = createCid();
    const sent = { message: 'genuine', release: running, tags: { cid: page, page_cid: page } };
    const forwarded = await report(sent);
    expect(forwarded.release).toBe(running);
    expect(forwarded.tags).toMatchObject({ cid: page, page_cid: page });
    expect(forwarded.tags.tunnel_cid).toBe(forwarded.postCid);
    for (const claim of CLAIMS) expect(forwarded.tags).not.toHaveProperty(claim);
  });

  it("a failed request's CID stays the report's cid, beside its page's", async () => {
    const [page, failed] = [createCid(), createCid()];
    const forwarded = await report({ message: '[503]', tags: { cid: failed, page_cid: page } });
    expect(forwarded.tags).toMatchObject({ cid: failed, page_cid: page });
  });

  it('the running build has the form of a build id (else older tabs would lose theirs)', () => {
    expect(running).toMatch(BUILD_ID_PATTERN);
  });

  it('a tab opened before a deploy keeps the release it loaded', async () => {
    const replaced = running === '0123abcd' ? '4567cdef' : '0123abcd';
    const forwarded = await report({ message: 'old tab', release: replaced });
    expect(forwarded.release).toBe(replaced);
    expect(forwarded.tags).not.toHaveProperty('release_claimed');
  });

  it.each([
    ['made up', 'v9.9.9-evil', 'v9.9.9-evil'],
    ['over-long', 'f'.repeat(5_000), `${'f'.repeat(64)}…`],
    ['a build id in capitals', 'ABCDEF12', 'ABCDEF12'],
    ['not text', { build: 1 }, '{"build":1}'],
    ['of two lines', 'one\ntwo', 'one two'],
  ])('a release %s goes without one, the claim shown', async (_what, release, shown) => {
    const forwarded = await report({ message: 'forged release', release });
    expect(forwarded).not.toHaveProperty('release');
    expect(forwarded.tags.release_claimed).toBe(shown);
  });

  it("a malformed CID is dropped from page_cid and replaced by the tunnel's in cid", async () => {
    const overLong = 'x'.repeat(9_000);
    const forwarded = await report({
      message: 'bad cids',
      tags: { cid: overLong, page_cid: 'no' },
    });
    expect(forwarded.tags.cid).toBe(forwarded.postCid);
    expect(forwarded.tags).not.toHaveProperty('page_cid');
    expect(forwarded.tags.cid_claimed).toBe(`${'x'.repeat(64)}…`);
    expect(forwarded.tags.page_cid_claimed).toBe('no');
  });

  it("a CID that is not text is refused as well (another shopper's well-formed one is not)", async () => {
    const other = createCid();
    const forwarded = await report({ message: 'n', tags: { cid: 42, page_cid: other } });
    expect(forwarded.tags).toMatchObject({ cid: forwarded.postCid, cid_claimed: '42' });
    expect(forwarded.tags.page_cid).toBe(other);
  });

  it("the claim tags are the gateway's: ones the browser sent do not go on", async () => {
    const page = createCid();
    const forwarded = await report({
      message: 'claims of its own',
      release: running,
      tags: { cid: page, page_cid: page, release_claimed: 'x', cid_claimed: 'y' },
    });
    expect(forwarded.release).toBe(running);
    for (const claim of CLAIMS) expect(forwarded.tags).not.toHaveProperty(claim);
  });
});
