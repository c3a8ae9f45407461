import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CID_PATTERN } from '../../shared/cid';
import { rawRequest, type RawAnswer } from '../support/raw-http';
import { startShop, type TestShop } from '../support/shop';

// Issue #12 item 6: bad input found by the fuzz suite and the review answers a 4xx (JSON error
// shape, or an error page with its CID), never a 5xx, against the gateway and the reference
// platform (docs/decisions/0125). Each of these answered 500, 502 or 503 before.
let shop: TestShop;
let base: string;
let host: string;

beforeAll(async () => {
  shop = await startShop();
  base = shop.url;
  host = new URL(base).host;
});
afterAll(async () => {
  await shop?.close();
});

function expectErrorShape(answer: RawAnswer) {
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string; cid: string } };
  expect(body.error.code).toEqual(expect.any(String));
  expect(body.error.message).toEqual(expect.any(String));
  expect(body.error.cid).toMatch(CID_PATTERN);
  return body.error;
}

const cidOfPage = (html: string) => /name="correlation-id" content="([^"]+)"/.exec(html)?.[1];

describe('a signed-out visit to a signed-in page with a very long URL', () => {
  it('goes to sign in, keeping the path when the query does not fit (GET and a form post)', async () => {
    const long = `/profile/info?x=${'q'.repeat(3000)}`;
    const get = await rawRequest(base, 'GET', long, { accept: 'text/html' });
    expect(get.status).toBe(302);
    expect(get.headers.location).toBe('/social-login?returnTo=%2Fprofile%2Finfo');

    const post = await rawRequest(
      base,
      'POST',
      `/smart-carts?page=${'q'.repeat(3000)}`,
      {
        origin: base,
        'content-type': 'application/x-www-form-urlencoded',
      },
      'intent=x',
    );
    expect(post.status).toBe(302);
    expect(post.headers.location).toBe('/social-login?returnTo=%2Fsmart-carts');
  });

  it('goes to sign in without a return path when the path alone is too long', async () => {
    const answer = await rawRequest(base, 'GET', `/orders/${'a'.repeat(3000)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe('/social-login');
  });
});

describe('a route whose required parameter is empty', () => {
  it.each(['/products', '/products/'])('%s is the 404 page', async (path) => {
    const answer = await rawRequest(base, 'GET', path, { accept: 'text/html' });
    expect(answer.status).toBe(404);
    expect(answer.body).toContain('Page not found');
    expect(cidOfPage(answer.body)).toMatch(CID_PATTERN);
  });
});

describe("React Router's own errors", () => {
  it.each([
    ['PATCH', '/robots.txt'],
    ['DELETE', '/sitemap.xml'],
    ['POST', '/robots.txt'],
  ])('%s %s: 405 in the error shape, with Allow', async (method, path) => {
    const answer = await rawRequest(
      base,
      method,
      path,
      { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      '',
    );
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toMatch(/GET/);
    expect(expectErrorShape(answer)).toMatchObject({
      code: 'method_not_allowed',
      message: `${method} is not allowed for ${path}`,
    });
  });
});

describe('long search terms', () => {
  it('a search page for 3,000 characters is a 4xx with the reason, not a 502', async () => {
    const answer = await rawRequest(base, 'GET', `/search/${'a'.repeat(3000)}`, {
      accept: 'text/html',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/200 characters/);
    expect(cidOfPage(answer.body)).toMatch(CID_PATTERN);
  });

  it('the proxied search API refuses it with 400 in the error shape', async () => {
    const answer = await rawRequest(
      base,
      'GET',
      `/api/services/catalogue/api/v1/search?q=${'a'.repeat(3000)}`,
      { accept: 'application/json' },
    );
    expect(answer.status).toBe(400);
    expect(expectErrorShape(answer).message).toMatch(/q: /);
  });
});

describe('hostile targets and hosts', () => {
  it.each([
    ['GET', '///', null],
    ['GET', '//..%00/', null],
    ['GET', '/', 'localhost:99999'],
  ])('%s %s (Host %s): 400 in the error shape', async (method, target, hostHeader) => {
    const answer = await rawRequest(base, method, target, { host: hostHeader ?? host });
    expect(answer.status).toBe(400);
    expectErrorShape(answer);
  });
});

describe('a Host that matches no shop (421 Misdirected Request, docs/decisions/0126)', () => {
  const nowhere = () => `nowhere.example:${new URL(base).port}`;

  it('a page is the error page with the site error message and its CID', async () => {
    const answer = await rawRequest(base, 'GET', '/', { host: nowhere(), accept: 'text/html' });
    expect(answer.status).toBe(421);
    expect(answer.body).toContain('No shop is configured for nowhere.example.');
    expect(cidOfPage(answer.body)).toMatch(CID_PATTERN);
  });

  it('a proxied API call is 421 in the error shape', async () => {
    const answer = await rawRequest(base, 'GET', '/api/services/catalogue/api/v1/categories', {
      host: nowhere(),
    });
    expect(answer.status).toBe(421);
    expect(expectErrorShape(answer).message).toMatch(/Unknown shop/);
  });

  it('sign-in and a guest session are 421 in the error shape, not 502', async () => {
    const headers = {
      host: nowhere(),
      origin: `http://${nowhere()}`,
      'x-csrf': '1',
      'content-type': 'application/json',
    };
    const signIn = await rawRequest(
      base,
      'POST',
      '/auth/sign-in',
      headers,
      JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
    );
    expect(signIn.status).toBe(421);
    expect(expectErrorShape(signIn).code).toBe('misdirected_request');
    expect(signIn.headers['set-cookie']).toBeUndefined();

    const guest = await rawRequest(base, 'POST', '/auth/guest', headers, '{}');
    expect(guest.status).toBe(421);
    expect(expectErrorShape(guest).code).toBe('misdirected_request');
  });
});
