import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { onSectionFailure, type SectionFailure } from '../../server/page/section-failures';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { cmsPaths } from '../../shared/contracts/cms';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';
import { startPlatform, type TestPlatform } from '../support/platform';

// Issue #12 item 7: against an upstream that answers only the specification's calls (context,
// account, cart), the home page renders what it has. A failed non-essential section is left out,
// logged and reported; only the page's essential data decides its status.
let gw: PageGateway;
const reported: SectionFailure[] = [];
let unsubscribe: () => void;

beforeAll(async () => {
  gw = await startPageGateway();
  unsubscribe = onSectionFailure((failure) => void reported.push(failure));
});
afterAll(async () => {
  unsubscribe();
  await gw.app.close();
  await gw.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
  gw.logs.length = 0;
  reported.length = 0;
});

const home = () => gw.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });

describe('optional sections', () => {
  it('renders the home page from the context alone when the content call is not answered', async () => {
    serveContext(gw.upstream); // every other call is the fake's 404
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Fresh Market');
    expect(gw.upstream.received(cmsPaths.home)).toHaveLength(1);

    const cid = response.headers['x-correlation-id'];
    const logged = gw.logs.find((line) => line.msg === 'optional section left out');
    expect(logged).toMatchObject({ cid, section: 'home content', status: 404 });
    expect(reported).toEqual([
      expect.objectContaining({ cid, section: 'home content', status: 404 }),
    ]);
  });

  it('leaves out one failed block and keeps the others', async () => {
    serveContext(gw.upstream);
    gw.upstream.on('GET', cmsPaths.home, {
      body: {
        blocks: [
          {
            type: 'hero',
            title: 'Fresh every morning',
            text: 'Bread, fruit and more',
            cta: { label: 'Shop now', href: '/search' },
          },
          { type: 'brand-strip', title: 'Our brands', limit: 6 },
        ],
      },
    });
    gw.upstream.on('GET', cataloguePaths.brands, { status: 500, body: {} });
    const response = await home();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Fresh every morning');
    expect(response.body).not.toContain('Our brands');
    expect(reported.map((failure) => [failure.section, failure.status])).toEqual([
      ['brand-strip', 500],
    ]);
  });

  it('still fails the page when its essential data (the context) fails', async () => {
    gw.upstream.on('GET', '/cms-api/context', { status: 500, body: {} });
    expect((await home()).statusCode).toBe(502);
  });
});

describe('product page', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startPlatform();
  }, 180_000);
  afterAll(() => platform?.close());

  it(
    'renders the product when its related products fail, and reports the section',
    { timeout: 60_000 },
    async () => {
      // The real platform behind the fake, except for the related-products call, which fails.
      const { rows } = await platform.db.query<{ slug: string; name: string }>(
        'select slug, name from products order by id limit 1',
      );
      const product = rows[0]!;
      gw.upstream.on('*', /.*/, async (request) => {
        const answer = await fetch(platform.url + request.url, {
          headers: platform.headers('fresh'),
        });
        return { status: answer.status, body: await answer.json() };
      });
      gw.upstream.on('GET', /\/related$/, { status: 503, body: {} });

      const response = await gw.app.inject({
        method: 'GET',
        url: `/products/${product.slug}`,
        headers: { host: 'localhost:3000' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(product.name.replace(/&/g, '&amp;'));
      expect(reported.map((failure) => [failure.section, failure.status])).toEqual([
        ['related products', 503],
      ]);
    },
  );

  it(
    'answers an unknown product with 404 and reports nothing for its related products',
    { timeout: 60_000 },
    async () => {
      // Product and related products are asked for in parallel by slug: both 404 here.
      gw.upstream.on('*', /.*/, async (request) => {
        const answer = await fetch(platform.url + request.url, {
          headers: platform.headers('fresh'),
        });
        return { status: answer.status, body: await answer.json() };
      });
      const response = await gw.app.inject({
        method: 'GET',
        url: '/products/no-such/product/anywhere',
        headers: { host: 'localhost:3000' },
      });
      expect(response.statusCode).toBe(404);
      expect(gw.upstream.requests.some((r) => r.url.includes('/related'))).toBe(true);
      expect(reported).toEqual([]);
    },
  );
});
