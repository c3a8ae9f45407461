import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// Issue #27 item 6 (ADR 0249): the guest-session limit counts the guest sessions a request
// makes, not whether it carries an access_token cookie. A junk cookie is no session: the no-JS
// cart form then makes a guest session, and that counts (before: 45 of 45 posts with a junk
// cookie made one each). A visitor whose session is usable makes none and is never limited.
let gw: PageGateway;
let sessions = 0;
const FORM = new URLSearchParams({
  intent: 'set',
  offeringId: 'offering-1',
  byCase: 'false',
  quantity: '1',
  returnTo: '/',
}).toString();

beforeAll(async () => {
  gw = await startPageGateway({ TRUST_PROXY: '127.0.0.1', RATE_LIMIT_GUEST: '3/60' });
  serveContext(gw.upstream);
  gw.upstream.on('POST', uaaPaths.guest, () => ({
    body: {
      access_token: `guest-access-${++sessions}`,
      refresh_token: `guest-refresh-${sessions}`,
      token_type: 'Bearer',
      expires_in: 300,
      refresh_expires_in: 86_400,
    },
  }));
  gw.upstream.on('GET', uaaPaths.account, { body: { id: null, login: null, email: null } });
  gw.upstream.on('*', /\/api\/services\/booking-ms\//, { body: { items: [] } });
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});

const postCart = (from: string, cookie: string) =>
  gw.app.inject({
    method: 'POST',
    url: '/cart',
    payload: FORM,
    headers: {
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': from,
      cookie,
    },
  });

describe('the guest-session limit', () => {
  it('counts the sessions a junk access_token cookie makes (POST /cart)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await postCart('203.0.113.40', 'access_token=junk')).statusCode);
    expect(statuses.slice(0, 3).every((status) => status < 400)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    expect(sessions).toBe(3);
    const limited = await postCart('203.0.113.40', 'access_token=junk');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many new sessions from your address');
  });

  it('never limits a visitor whose session is usable (none is made)', async () => {
    const before = sessions;
    for (let i = 0; i < 5; i++) {
      const answer = await postCart(
        '203.0.113.40',
        'access_token=guest-access-1; refresh_token=guest-refresh-1',
      );
      expect(answer.statusCode).toBeLessThan(400);
    }
    expect(sessions).toBe(before);
  });
});
