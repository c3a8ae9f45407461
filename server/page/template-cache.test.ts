import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSubrequestCache } from '../cache/subrequest-cache';
import type { PageLoadContext } from './page-load-context';
import { createTemplateCache } from './template-cache';

// The gateway's document templates (ADR 0203): which requests may use one, what a template
// rests on (the public answers and page context of its render), and what is never kept.
const SEARCH = '/api/services/catalogue/api/v1/search?q=milk';
const SHOP = 'http://localhost:3000';
const OTHER_SHOP = 'http://harbour.localhost:3000';
const ok = async () => ({ status: 200, text: '{"items":[]}' });

function setup(maxAgeMs?: number) {
  const subrequests = createSubrequestCache({ maxBytes: 1 << 20 });
  const templates = createTemplateCache({ maxBytes: 1 << 20, subrequests, maxAgeMs });
  return { subrequests, templates };
}

function request(url: string, shopOrigin = SHOP, method = 'GET') {
  return { url, method, shopOrigin } as FastifyRequest;
}

function context(
  over: Partial<PageLoadContext['dependencies']> & { loggedIn?: boolean; shop?: string } = {},
): PageLoadContext {
  const { loggedIn = false, shop = 'Fresh Market', ...dependencies } = over;
  return {
    document: true,
    failure: null,
    publicContext: {
      cid: `cid-${Math.random()}`,
      tenant: { id: 'fresh', name: shop },
      url: { origin: SHOP, host: 'localhost:3000', pathname: '/search/milk' },
      page: { siteError: null },
    },
    visitor: () => ({ isLoggedIn: loggedIn, hasSession: loggedIn, account: null }),
    dependencies: {
      visitorReads: 0,
      headerReads: 0,
      privateCalls: 0,
      sectionsLeftOut: 0,
      publicAnswers: [],
      ...dependencies,
    },
  } as unknown as PageLoadContext;
}

const template = { bytes: 1000 };

describe('document templates', () => {
  it('keys GET documents by shop, login state and URL, and nothing else', () => {
    const { templates } = setup();
    const key = (r: FastifyRequest, c = context()) => templates.keyOf(r, c);
    expect(key(request('/search/milk'))).toBe(`${SHOP} out /search/milk`);
    expect(key(request('/search/milk'), context({ loggedIn: true }))).toBe(
      `${SHOP} in /search/milk`,
    );
    expect(key(request('/search/milk', OTHER_SHOP))).toBe(`${OTHER_SHOP} out /search/milk`);
    expect(key(request('/search/milk', SHOP, 'POST'))).toBeNull();
    expect(key(request('/search/milk.data'), { ...context(), document: false })).toBeNull();
    expect(key(request('/'), { ...context(), failure: { status: 502, message: null } })).toBeNull();
  });

  it('keeps a template while the public answers of its render are current', async () => {
    const { subrequests, templates } = setup();
    const { version } = await subrequests.get(SHOP, SEARCH, ok);
    const key = `${SHOP} out /search/milk`;
    const made = context({ publicAnswers: [{ path: SEARCH, version: version! }] });
    expect(templates.keep(key, { template, headers: [] }, made)).toBe(true);
    expect(templates.get(key, context())?.template).toBe(template);

    // A new answer (a purge and a fetch, or a refresh) retires the template.
    subrequests.purge();
    await subrequests.get(SHOP, SEARCH, ok);
    expect(templates.likely(request('/search/milk'), false)).toBe(false);
    expect(templates.get(key, context())).toBeNull();
    expect(templates.size).toBe(0);
  });

  it('fills from a template whose answers are served stale, naming them for a refresh', async () => {
    // The answers' ages on a clock of the test's own: no window a loaded machine could miss.
    let clock = 1_000_000;
    const subrequests = createSubrequestCache({
      maxBytes: 1 << 20,
      durations: { ttl: 1_000, stale: 2_000 },
      now: () => clock,
    });
    const templates = createTemplateCache({ maxBytes: 1 << 20, subrequests });
    const { version } = await subrequests.get(SHOP, SEARCH, ok);
    const key = `${SHOP} out /search/milk`;
    templates.keep(
      key,
      { template, headers: [] },
      context({ publicAnswers: [{ path: SEARCH, version: version! }] }),
    );
    const page = request('/search/milk');
    expect(templates.likely(page, false)).toBe(true);
    expect(templates.get(key, context())?.stale).toEqual([]);
    // Past its ttl a read is served the same answer while it refreshes: so is the template.
    clock += 1_001;
    expect(templates.likely(page, false)).toBe(true);
    expect(templates.get(key, context())?.stale).toEqual([SEARCH]);
    // Too old to be served, the page's render waits for its data: no template, and none likely,
    // so the render starts with the page context's calls rather than after them (ADR 0270).
    clock += 2_000;
    expect(templates.likely(page, false)).toBe(false);
    expect(templates.size).toBe(0); // never to be used again: dropped at once
    expect(templates.get(key, context())).toBeNull();
  });

  it('retires a template after its longest age, even one that read no cached answer', async () => {
    const { templates } = setup(30);
    const key = `${SHOP} out /policy/terms`;
    templates.keep(key, { template, headers: [] }, context());
    expect(templates.get(key, context())).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(templates.get(key, context())).toBeNull();
  });

  it('retires a template when the page context says something else', () => {
    const { templates } = setup();
    const key = `${SHOP} out /`;
    templates.keep(key, { template, headers: [] }, context());
    expect(templates.get(key, context({ shop: 'Fresh Market, renamed' }))).toBeNull();
  });

  it('never keeps the render of a page that read its visitor or called with its token', () => {
    const { templates } = setup();
    const key = `${SHOP} in /orders`;
    expect(templates.keep(key, { template, headers: [] }, context({ visitorReads: 1 }))).toBe(
      false,
    );
    expect(templates.keep(key, { template, headers: [] }, context({ privateCalls: 1 }))).toBe(
      false,
    );
    expect(templates.get(key, context())).toBeNull();
  });

  it('never keeps the render of a page that left out a section whose call failed', () => {
    const { templates } = setup();
    const key = `${SHOP} out /`;
    expect(templates.keep(key, { template, headers: [] }, context({ sectionsLeftOut: 1 }))).toBe(
      false,
    );
    expect(templates.get(key, context())).toBeNull();
  });

  it("drops the response's own headers and purges by shop", () => {
    const { templates } = setup();
    const headers: [string, string][] = [
      ['content-type', 'text/html; charset=utf-8'],
      ['set-cookie', 'a=b'],
      ['content-length', '10'],
    ];
    templates.keep(`${SHOP} out /`, { template, headers }, context());
    templates.keep(`${OTHER_SHOP} out /`, { template, headers }, context());
    expect(templates.get(`${SHOP} out /`, context())?.headers).toEqual([
      ['content-type', 'text/html; charset=utf-8'],
    ]);
    expect(templates.purge(OTHER_SHOP)).toBe(1);
    expect(templates.size).toBe(1);
  });
});
