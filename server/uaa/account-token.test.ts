import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upstreamOperations } from '../../shared/upstream/contract';
import { guardDispatcher } from '../upstream/guarded-dispatcher';
import type { Platform } from '../upstream/platform';
import { createUaaClient } from './client';

// The account call (specification call 2) against an upstream built to the upstream contract
// (docs/api/upstream.openapi.json): the contract gives GET …/uaa/api/v1/account the bearer scheme,
// and the conformance kit calls it with `Authorization: Bearer`, so an adopter's uaa may read the
// token from there alone. The specification's Cookie header goes along for one that reads cookies.
const ACCOUNT = '/api/services/uaa/api/v1/account';
let server: Server;
let platform: Platform;
let seen: IncomingHttpHeaders = {};
const agent = new Agent();

beforeAll(async () => {
  server = createServer((req, res) => {
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const upstream = {
    name: 'platform',
    origin: `http://127.0.0.1:${port}`,
    prefix: '',
    dispatcher: guardDispatcher(agent, 2_000),
    timeoutMs: 2_000,
  };
  platform = {
    upstreams: {
      forService: () => upstream,
      forPath: () => upstream,
      all: [upstream],
      oldestWaitMs: () => 0,
      close: () => upstream.dispatcher.close(),
    },
  };
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('the account call', () => {
  it('carries the access token as the contract’s Bearer, and both tokens in a Cookie header', async () => {
    const declared = upstreamOperations.find((op) => op.id === 'uaaGetAccount');
    expect(declared?.auth).toBe('principal');
    const uaa = createUaaClient(platform, 2_000);
    const result = await uaa.account(
      { cid: 'c'.repeat(32), shopOrigin: 'http://shop.localhost' },
      { accessToken: 'access-1', refreshToken: 'refresh-1' },
    );
    expect(result).toMatchObject({ kind: 'ok', account: { id: '7', login: 'shopper' } });
    expect(seen.authorization).toBe('Bearer access-1');
    expect(seen.cookie).toBe('access_token=access-1; refresh_token=refresh-1');
  });
});
