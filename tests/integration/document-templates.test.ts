import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { narrowHtml } from '../../shared/one-byte-html';
import { closeGateway } from '../support/close-gateway';
import { startShop, type TestShop } from '../support/shop';

// Document templates (ADR 0203) through the production build and the reference platform: a page
// filled from a template is, byte for byte apart from its nonce and CID, the document a whole
// render gives the same visitor with its characters beyond Latin-1 escaped (ADR 0286) (a second gateway with TEMPLATE_CACHE_MB=0); a template made for
// one visitor shows nothing of them to the next; pages that depend on their visitor are never
// kept; shops are kept apart.
let shop: TestShop;
let whole: FastifyInstance;
let wholeUrl: string;
const FRESH = 'localhost:3000';
const HARBOUR = 'harbour.localhost:3000';

// The template headers and byte-for-byte documents: pages sent whole (a session's early head,
// ADR 0271, has its own test: gateway-early-head.test.ts).
beforeAll(async () => {
  // Cache-status headers are for the configured proxies (ADR 0246): the tests call as one.
  shop = await startShop({ EARLY_HEAD: 'off', TRUST_PROXY: '127.0.0.1' });
  whole = await buildApp(
    loadConfig({
      PLATFORM_URL: shop.platform.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      TEMPLATE_CACHE_MB: '0',
      EARLY_HEAD: 'off',
    }),
  );
  await whole.listen({ port: 0, host: '127.0.0.1' });
  wholeUrl = `http://127.0.0.1:${(whole.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  if (whole) await closeGateway(whole);
  await shop?.close();
});

type Page = { status: number; template: string | undefined; html: string; same: string };

/** A visitor with cookies of its own; `page` fetches from the shop or from the whole renderer. */
function visitor(host = FRESH) {
  const jar = new Map<string, string>();
  const send = async (origin: string, path: string, method = 'GET', body?: unknown) => {
    const response = await request(origin + path, {
      method: method as 'GET',
      headers: {
        host,
        origin: `http://${host}`,
        'x-csrf': '1',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=')) jar.set(name, value.join('='));
      else jar.delete(name);
    }
    return response;
  };
  return {
    call: async (path: string, method: string, body?: unknown) => {
      const response = await send(shop.gateway.listeningOrigin, path, method, body);
      await response.body.text();
      return response.statusCode;
    },
    page: async (path: string, from: 'shop' | 'whole' = 'shop'): Promise<Page> => {
      const response = await send(from === 'shop' ? shop.gateway.listeningOrigin : wholeUrl, path);
      const html = await response.body.text();
      const cid = String(response.headers['x-correlation-id']);
      const nonce = /'nonce-([^']+)'/.exec(
        String(response.headers['content-security-policy']),
      )![1]!;
      return {
        status: response.statusCode,
        template: response.headers['x-page-template'] as string | undefined,
        html,
        same: narrowHtml(html).split(cid).join('CID').split(nonce).join('NONCE'),
      };
    },
  };
}

/** Offering ids of the quantity forms on a page, in document order. */
const offeringsOn = (html: string) =>
  [...html.matchAll(/name="offeringId" value="([^"]+)"/g)].map((match) => match[1]!);

describe('document templates', () => {
  it("fills a signed-in shopper's page from a template: the whole render's document", async () => {
    const shopper = visitor();
    const signIn = await shopper.call('/auth/sign-in', 'POST', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    expect(signIn).toBe(200);
    const first = await shopper.page('/search/milk');
    expect(first.template).toBe('miss');
    const [single, cased] = offeringsOn(first.html);
    for (const [offeringId, byCase, quantity] of [
      [single, false, 3],
      [cased, true, 1],
    ] as const) {
      expect(
        await shopper.call(bookingPaths.item('fresh'), 'PUT', { offeringId, byCase, quantity }),
      ).toBe(200);
    }

    const filled = await shopper.page('/search/milk');
    const rendered = await shopper.page('/search/milk', 'whole');
    expect(filled.template).toBe('hit');
    expect(rendered.template).toBeUndefined();
    expect(filled.same).toBe(rendered.same);
    // Prices in euros: the whole render writes the sign, the template its reference (one byte a
    // character in the gateway's memory).
    expect(rendered.html).toContain('€');
    expect(filled.html).not.toMatch(/[^\x00-\xff]/);
    expect(filled.html).toContain('&#x20ac;');
    // The shopper's own parts: the account menu, the cart's count, a stepper per kind in the cart.
    expect(filled.html).toContain('Account menu of shopper@example.com');
    expect(filled.html).toMatch(/class="cart-summary">4 items/);
    expect(filled.html).toContain('(singles)');
    expect(filled.html).toContain('(cases)');
    // The visitor for the browser, on the body (React Router's handoff is the same for everyone).
    expect(filled.html).toMatch(/<body data-visitor="\{&quot;hasSession&quot;:true,/);
    expect(filled.html).toContain('&quot;email&quot;:&quot;shopper@example.com&quot;');

    // Every page kind that is a template, for the same shopper with the same cart.
    const inResults = /<a href="(\/search\/milk\/[^"]+)" class="product-card-link"/.exec(
      filled.html,
    )![1]!;
    const product = `/products/${decodeURIComponent(inResults.split('/')[3]!)}`;
    for (const path of [
      '/',
      '/search',
      inResults,
      product,
      '/brands/meadowbrook',
      '/policy/terms',
      '/page/about',
    ]) {
      await shopper.page(path);
      const again = await shopper.page(path);
      expect(again.status, path).toBe(200);
      expect(again.template, path).toBe('hit');
      expect(again.same, path).toBe((await shopper.page(path, 'whole')).same);
    }
  });

  it("shows nothing of one visitor to the next: each gets the whole render's document", async () => {
    const withCart = visitor();
    expect(await withCart.call('/auth/guest', 'POST')).toBe(200);
    const path = '/search/milk?page=1';
    const made = await withCart.page(path);
    expect(made.template).toBe('miss');
    const offeringId = offeringsOn(made.html)[0]!;
    expect(
      await withCart.call(bookingPaths.item('fresh'), 'PUT', {
        offeringId,
        byCase: false,
        quantity: 2,
      }),
    ).toBe(200);
    const mine = await withCart.page(path);
    expect(mine.template).toBe('hit');
    expect(mine.same).toBe((await withCart.page(path, 'whole')).same);
    expect(mine.html).toMatch(/class="cart-summary">2 items/);

    const stranger = visitor();
    const theirs = await stranger.page(path);
    expect(theirs.template).toBe('hit');
    expect(theirs.same).toBe((await stranger.page(path, 'whole')).same);
    expect(theirs.html).toContain('Cart is empty');
    expect(theirs.html).not.toContain('(singles)');
    expect(theirs.html).not.toContain('&quot;hasSession&quot;:true');
  });

  it('renders whole, and never keeps, pages that depend on their visitor', async () => {
    const shopper = visitor();
    await shopper.call('/auth/sign-in', 'POST', {
      email: 'shopper@example.com',
      password: 'demo1234',
    });
    for (const path of ['/orders', '/cart', '/profile', '/orders', '/cart']) {
      const page = await shopper.page(path);
      expect(page.status, path).toBe(200);
      expect(page.template, path).toBe('bypass');
    }
  });

  it('keeps shops apart', async () => {
    const fresh = await visitor(FRESH).page('/brands/meadowbrook');
    const harbour = await visitor(HARBOUR).page('/brands/meadowbrook');
    expect([fresh.template, harbour.template]).toEqual(['miss', 'miss']);
    const again = await visitor(HARBOUR).page('/brands/meadowbrook');
    expect(again.template).toBe('hit');
    expect(again.same).toBe(harbour.same);
    expect(again.same).not.toBe(fresh.same);
  });
});
