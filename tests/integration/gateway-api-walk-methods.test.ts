import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEngineer, expectError } from '../support/api-engineer';
import { startShop, type TestShop } from '../support/shop';

// A method a documented path has no operation for (ADR 0385): a 405 `method_not_allowed` in the
// error shape with its CID, whose Allow header names the path's methods as the documents list
// them (../support/api-engineer.ts checks the Allow), on the gateway's own paths and pages, and
// from the platform's services, directly or through the proxy, which passes their answer on.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const CATEGORIES = '/api/services/catalogue/api/v1/categories';

describe('a method a path does not take', () => {
  it.each([
    ['GET', '/auth/sign-in', 'POST'],
    ['POST', '/auth/session', 'GET, HEAD'],
    ['PUT', '/auth/session', 'GET, HEAD'],
    ['OPTIONS', '/auth/session', 'GET, HEAD'],
    ['GET', '/analytics/events', 'POST'],
    ['DELETE', '/healthz', 'GET, HEAD'],
    ['PUT', '/consent', 'GET, HEAD, POST'],
  ])('%s %s: 405, Allow: %s', async (method, path, allow) => {
    // A JSON body: the 405 comes before any body is read, not the page route's 415.
    const response = await apiEngineer(shop.url).send(method, path, {
      ...(method === 'GET' || method === 'OPTIONS' ? {} : { body: {} }),
    });
    expect(response.headers.get('allow')).toBe(allow);
    expect(await expectError(response, 405, 'method_not_allowed')).toBe(
      `${method} is not allowed for ${path}`,
    );
  });

  it('on a page: its GET and HEAD, and POST when it has a form; a form posted to a page without one is its 405 page', async () => {
    const engineer = apiEngineer(shop.url);
    const search = await engineer.send('PUT', '/search/milk', { form: { q: 'milk' } });
    expect(search.headers.get('allow')).toBe('GET, HEAD');
    expect(await expectError(search, 405, 'method_not_allowed')).toBe(
      'PUT is not allowed for /search/milk',
    );
    const cart = await engineer.send('DELETE', '/cart', { form: { intent: 'remove' } });
    expect(cart.headers.get('allow')).toBe('GET, HEAD, POST');
    await expectError(cart, 405, 'method_not_allowed');
    // React Router's own answer, the screen a browser shows, named the same way.
    const posted = await fetch(`${shop.url}/search/milk`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'q=milk',
    });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(posted.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("through the proxy, the service's 405 with its Allow", async () => {
    const engineer = apiEngineer(shop.url);
    const patch = await engineer.send('PATCH', CATEGORIES, { body: {} });
    expect(patch.headers.get('allow')).toBe('GET, HEAD');
    expect(await expectError(patch, 405, 'method_not_allowed')).toBe(
      `PATCH is not allowed for ${CATEGORIES}`,
    );
    const account = await engineer.send('DELETE', '/api/services/uaa/api/v1/account');
    expect(await expectError(account, 405, 'method_not_allowed')).toBe(
      'DELETE is not allowed for /api/services/uaa/api/v1/account',
    );
  });

  it('the platform answers it itself, in each service’s shape, with its correlation id', async () => {
    const categories = await shop.platform.call(CATEGORIES, { method: 'PUT', body: {} });
    expect(categories.status).toBe(405);
    expect(categories.headers.get('allow')).toBe('GET, HEAD');
    expect(await categories.json()).toEqual({
      error: {
        code: 'method_not_allowed',
        message: `PUT is not allowed for ${CATEGORIES}`,
        cid: shop.platform.headers()['x-correlation-id'],
      },
    });
    const account = await shop.platform.call('/api/services/uaa/api/v1/account', {
      method: 'POST',
      body: {},
    });
    expect(account.status).toBe(405);
    expect(account.headers.get('allow')).toBe('GET, HEAD');
    expect(await account.json()).toMatchObject({ error: 'method_not_allowed' });
    // A path no route has is still not found, whatever the method.
    const nothing = await shop.platform.call('/api/services/catalogue/api/v1/nothing', {
      method: 'PUT',
      body: {},
    });
    expect(nothing.status).toBe(404);
    expect(nothing.headers.get('allow')).toBeNull();
  });
});
