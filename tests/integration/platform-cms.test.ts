import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HomePage, ContentPage, POLICY_CODES } from '../../shared/contracts/cms';
import { CmsContext } from '../../shared/contracts/context';
import { startPlatform, TENANTS, TEST_CID, type TestPlatform } from '../support/platform';

// The CMS over real HTTP: the page context exactly as the specification describes it (call 1),
// and the shops' navigation, home blocks, content pages and policy pages.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const CID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
function contextUrl(location: unknown, isLoggedIn = 'false', cid = CID) {
  const query = new URLSearchParams({
    cid,
    isLoggedIn,
    url: typeof location === 'string' ? location : JSON.stringify(location),
  });
  return `/cms-api/context?${query}`;
}

describe('GET /cms-api/context', () => {
  it('answers a JSON string carrying the context of the shop of the url host', async () => {
    const response = await platform.call(
      contextUrl({
        origin: 'http://localhost:3000',
        host: 'localhost:3000',
        pathname: '/policy/terms',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const raw = await response.text();
    expect(raw.startsWith('"')).toBe(true);
    const context = JSON.parse(JSON.parse(raw));
    expect(CmsContext.parse(context)).toBeTruthy();
    expect(context).toMatchObject({
      cid: CID,
      tenant: { id: 'fresh', name: 'Fresh Market', currency: 'EUR' },
      url: { origin: 'http://localhost:3000', host: 'localhost:3000', pathname: '/policy/terms' },
      page: { isLoggedIn: false, layout: 'cms-default', siteError: null },
      userAccount: null,
    });
    expect(context.tenant.navigation.length).toBeGreaterThan(3);
    expect(context.tenant.theme.primary).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('resolves the other shop by its host, whatever the X-Domain-Origin', async () => {
    const response = await platform.call(
      contextUrl(
        { origin: 'http://harbour.localhost:3000', host: 'harbour.localhost:3000', pathname: '/' },
        'true',
      ),
    );
    const context = JSON.parse(await response.json());
    expect(context.tenant).toMatchObject({
      id: 'harbour',
      name: 'Harbour Grocers',
      currency: 'GBP',
    });
    expect(context.page.isLoggedIn).toBe(true);
  });

  it('carries the signed-in account when the token is sent', async () => {
    const pair = await platform.signIn();
    const response = await platform.call(
      contextUrl({ host: 'localhost:3000', pathname: '/' }, 'true'),
      { token: pair.access_token },
    );
    const context = JSON.parse(await response.json());
    expect(context.userAccount).toEqual({
      id: TENANTS.fresh.accountId,
      login: 'shopper@example.com',
      email: 'shopper@example.com',
    });
    expect(context.url.origin).toBe('http://localhost:3000');
  });

  it('gives an unknown host a context with a site error message, as 421', async () => {
    const response = await platform.call(
      contextUrl({ host: 'nowhere.example:3000', pathname: '/' }),
    );
    expect(response.status).toBe(421);
    const context = JSON.parse(await response.json());
    expect(context.page.siteError).toEqual({
      message: 'No shop is configured for nowhere.example.',
    });
    expect(context.cid).toBe(CID);
  });

  it('answers bad queries with a 400 and a message', async () => {
    for (const path of [
      contextUrl('not json'),
      contextUrl({ pathname: '/' }),
      contextUrl({ host: 'localhost' }, 'maybe'),
      '/cms-api/context?isLoggedIn=false&url=%7B%7D',
    ]) {
      const response = await platform.call(path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).error.message, path).toMatch(/^Invalid /);
    }
  });
});

describe('shop content', () => {
  it('serves navigation and home blocks per shop', async () => {
    const navigation = await (
      await platform.call('/cms-api/navigation', { tenant: 'harbour' })
    ).json();
    expect(navigation).toMatchObject({ id: 'harbour', name: 'Harbour Grocers' });
    expect(navigation.footer.map((l: { href: string }) => l.href)).toContain('/policy/privacy');

    const response = await platform.call('/cms-api/home');
    expect(response.headers.get('vary')).toMatch(/X-Domain-Origin/i);
    const home = HomePage.parse(await response.json());
    expect(home.blocks[0]?.type).toBe('hero');
    expect(home.blocks.some((b) => b.type === 'product-rail')).toBe(true);
  });

  it('serves content pages, and a 404 for an unknown page', async () => {
    const { pages } = await (await platform.call('/cms-api/pages')).json();
    expect(pages.map((p: { slug: string }) => p.slug)).toEqual(['about', 'contact', 'faq']);
    const about = ContentPage.parse(await (await platform.call('/cms-api/pages/about')).json());
    expect(about.title).toBe('About Fresh Market');
    expect(about.body.length).toBeGreaterThan(2);
    const missing = await platform.call('/cms-api/pages/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: 'not_found', message: 'Page not found: nope', cid: TEST_CID },
    });
  });

  it('serves the four policies of each shop in its own words', async () => {
    const { pages } = await (
      await platform.call('/cms-api/policies', { tenant: 'harbour' })
    ).json();
    expect(pages.map((p: { slug: string }) => p.slug).sort()).toEqual([...POLICY_CODES].sort());
    const delivery = ContentPage.parse(
      await (await platform.call('/cms-api/policies/delivery', { tenant: 'harbour' })).json(),
    );
    expect(JSON.stringify(delivery.body)).toContain('£50');
    expect((await platform.call('/cms-api/policies/cookies')).status).toBe(404);
  });

  it('needs a known shop in X-Domain-Origin (421 Misdirected Request)', async () => {
    const response = await fetch(`${platform.url}/cms-api/home`, {
      headers: { 'x-domain-origin': 'http://evil.example' },
    });
    expect(response.status).toBe(421);
    expect((await response.json()).error.message).toMatch(/Unknown shop/);
  });
});
