import type { IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../shared/upstream/contract';
import {
  oneUpstreamPlatform,
  type OneUpstreamPlatform,
} from '../../tests/support/one-upstream-platform';
import { createUaaClient } from './client';

// The account call (specification call 2) against an upstream built to the upstream contract
// (docs/api/upstream.openapi.json): the contract gives GET …/uaa/api/v1/account the bearer scheme,
// and the conformance kit calls it with `Authorization: Bearer`, so an adopter's uaa may read the
// token from there alone. The specification's Cookie header goes along for one that reads cookies.
const ACCOUNT = '/api/services/uaa/api/v1/account';
let upstream: OneUpstreamPlatform;
let seen: IncomingHttpHeaders = {};

beforeAll(async () => {
  upstream = await oneUpstreamPlatform((req, res) => {
    seen = req.headers;
    const ok = req.url === ACCOUNT && req.headers.authorization === 'Bearer access-1';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        ok
          ? { id: '7', login: 'shopper', email: 'shopper@example.com' }
          : { error: 'invalid_token' },
      ),
    );
  });
});
afterAll(() => upstream.close());

describe('the account call', () => {
  it('carries the access token as the contract’s Bearer, and both tokens in a Cookie header', async () => {
    const declared = upstreamOperations.find((op) => op.id === 'uaaGetAccount');
    expect(declared?.auth).toBe('principal');
    const uaa = createUaaClient(upstream.platform, 2_000);
    const result = await uaa.account(
      { cid: 'c'.repeat(32), shopOrigin: 'http://shop.localhost' },
      { accessToken: 'access-1', refreshToken: 'refresh-1' },
    );
    expect(result).toMatchObject({ kind: 'ok', account: { id: '7', login: 'shopper' } });
    expect(seen.authorization).toBe('Bearer access-1');
    expect(seen.cookie).toBe('access_token=access-1; refresh_token=refresh-1');
  });
});
