import { describe, expect, it } from 'vitest';
import { REDACTED, scrubBreadcrumb, scrubEvent, scrubText, TOO_DEEP } from './report-scrub';

const ACCESS = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhY2MtMSJ9.c2lnbmF0dXJlLXZhbHVl';
const REFRESH = 'rt_9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const CARD = '4111 1111 1111 1111';
const RESET_KEY = 'Rk7Qm2Xp9Lw4Zt6Yb1Nc';
const ACTIVATION_KEY = 'Ak3Hd8Jf5Ks2Pq7Vw9Xe';

describe('report scrubbing', () => {
  it('passes on nothing it did not read: what is nested too deep is replaced whole', () => {
    // 13 levels of objects (and of arrays) around a password and a token in a string.
    let objects: unknown = { password: 'hunter22', note: `Bearer ${ACCESS}` };
    let arrays: unknown = [{ password: 'hunter22' }];
    for (let level = 0; level < 13; level++) {
      objects = { inner: objects };
      arrays = [arrays];
    }
    const text = JSON.stringify(scrubEvent({ extra: { objects, arrays } }));
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain(ACCESS);
    expect(text).toContain(TOO_DEEP);
    // What the scrub reads is kept as it was: twelve levels of `inner` before the cut.
    expect(text.match(/"inner"/g)?.length).toBeGreaterThanOrEqual(11);
  });

  it('removes every kind of secret from an event', () => {
    const event = {
      message: `checkout failed for card ${CARD} with Bearer ${ACCESS}`,
      request: {
        url: `https://shop.example/profile/reset/${RESET_KEY}?token=${REFRESH}&page=2`,
        cookies: { access_token: ACCESS },
        headers: {
          cookie: `access_token=${ACCESS}; refresh_token=${REFRESH}`,
          authorization: `Bearer ${ACCESS}`,
          'user-agent': 'test',
        },
        data: { password: 'hunter22', cardNumber: CARD, email: 'a@b.example' },
      },
      extra: {
        refresh_token: REFRESH,
        activationKey: ACTIVATION_KEY,
        link: `/profile/activation/${ACTIVATION_KEY}`,
        nested: { resetKey: RESET_KEY, note: `jwt ${ACCESS}` },
      },
      exception: {
        values: [{ type: 'Error', value: `password=hunter22&x=1 token ${ACCESS}` }],
      },
      tags: { cid: 'A'.repeat(32) },
    };
    const clean = scrubEvent(event);
    const text = JSON.stringify(clean);
    for (const secret of [ACCESS, REFRESH, '4111', 'hunter22', RESET_KEY, ACTIVATION_KEY]) {
      expect(text).not.toContain(secret);
    }
    expect(clean.request.cookies).toBeUndefined();
    expect(clean.request.headers).not.toHaveProperty('cookie');
    expect(clean.request.headers).not.toHaveProperty('authorization');
    expect(clean.request.headers['user-agent']).toBe('test');
    expect(clean.request.url).toBe(
      `https://shop.example/profile/reset/${REDACTED}?token=${REDACTED}&page=2`,
    );
    expect(clean.request.data.email).toBe('a@b.example');
    expect(clean.tags.cid).toBe('A'.repeat(32));
    expect(event.request.headers.cookie).toContain(ACCESS); // the original is left alone
  });

  it('scrubs breadcrumbs (message, url, data)', () => {
    const crumb = scrubBreadcrumb({
      category: 'fetch',
      message: `POST /auth/login password=hunter22`,
      data: { url: `/profile/activation/${ACTIVATION_KEY}`, authorization: ACCESS },
    });
    expect(JSON.stringify(crumb)).not.toMatch(/hunter22|Ak3Hd8|eyJ/);
  });

  it("replaces a sign-in callback's code, state and nonce, as the logs do (ADR 0248)", () => {
    expect(
      scrubText('GET /auth/social/demo/callback?code=c0de&state=st4te&nonce=n0nce&iss=https://id'),
    ).toBe(
      `GET /auth/social/demo/callback?code=${REDACTED}&state=${REDACTED}&nonce=${REDACTED}&iss=https://id`,
    );
    expect(scrubText('/search?q=estate&statement=1')).toBe('/search?q=estate&statement=1');
  });

  // A browser's report is 64 KiB of text anyone may post (the tunnel), scrubbed on the gateway's
  // one thread: read again from each "eyJ" or secret word in a long run, it held the thread for
  // seconds (ADR 0379). These texts are several times longer: read so, they take minutes and the
  // test runs out of time; read once, milliseconds. No duration is asserted.
  it('reads a run holding "-eyJ" thousands of times once, and finds the token after it', () => {
    const text = `${'-eyJab'.repeat(60_000)} then ${ACCESS}`;
    expect(scrubText(text)).toBe(`${'-eyJab'.repeat(60_000)} then ${REDACTED}`);
  });

  it('reads a long name holding a secret word thousands of times once', () => {
    const name = 'token'.repeat(80_000);
    expect(scrubText(`${name} ${name}=${REFRESH}`)).toBe(`${name} ${name}=${REDACTED}`);
  });

  it('finds the same secrets as the expressions it replaces, a JWT after a hyphen included', () => {
    expect(scrubText(`x-${ACCESS}`)).toBe(`x-${REDACTED}`);
    expect(scrubText(`-eyJabcdef.abc.def -${ACCESS}.`)).toBe(`-eyJabcdef.abc.def -${REDACTED}.`);
    expect(scrubText(`${ACCESS} ${ACCESS}`)).toBe(`${REDACTED} ${REDACTED}`);
    expect(scrubText('a.my-Token-id=1&state=2&stately=3')).toBe(
      `a.my-Token-id=${REDACTED}&state=${REDACTED}&stately=3`,
    );
  });

  it('keeps what is not secret: ids, timestamps that are no card numbers, statuses', () => {
    expect(scrubText('[404] Not Found (/api/services/orders/api/v1/orders/123)')).toBe(
      '[404] Not Found (/api/services/orders/api/v1/orders/123)',
    );
    expect(scrubText('cid Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z')).toContain('Ab3dEf6h');
    expect(scrubText('order 1234567890123')).toBe('order 1234567890123');
  });
});
