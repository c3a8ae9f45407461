import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { cmsPaths } from '../../shared/contracts/cms';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// A page whose optional section was left out because its call failed on the way (a reset, a
// timeout: no answer, so nothing the sub-request cache versions) was kept as a document template
// all the same, and every visitor after it got the page without that section for up to five
// minutes, while a whole render showed it again (ADR 0203: a filled template is the whole render).
let gw: PageGateway;

beforeAll(async () => {
  // The page's template status is told to a trusted proxy; documents sent whole (no early head).
  gw = await startPageGateway({ EARLY_HEAD: 'off', TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
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
});

const home = () => gw.app.inject({ method: 'GET', url: '/', headers: { host: 'localhost:3000' } });
const BRANDS = {
  body: { items: [{ slug: 'alpine', name: 'Alpine', description: 'Milk', productCount: 3 }] },
};

describe('a page with a section left out', () => {
  it('is not kept as a template: the next visitor gets the whole render, section and all', async () => {
    gw.upstream.on('GET', cataloguePaths.brands, { destroy: true });
    const first = await home();
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Fresh every morning');
    expect(first.body).not.toContain('Our brands');
    expect(first.headers['x-page-template']).toBe('bypass'); // rendered, not kept

    gw.upstream.on('GET', cataloguePaths.brands, BRANDS);
    const next = await home();
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-page-template']).toBe('miss'); // rendered whole, now kept
    expect(next.body).toContain('Our brands');
    expect(next.body).toContain('Alpine');
  });
});
