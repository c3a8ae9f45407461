import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startPlatform, type TestPlatform } from '../support/platform';
import { shopperOf } from './client-checkout-support';
import { linkInOutbox, newEmail } from './client-account-support';

// Issue #12 item 6: activation and reset keys (in the links of e-mails, so in page URLs) are
// written to neither the gateway's nor the platform's log.
let platform: TestPlatform;
let gateway: FastifyInstance;
let url: string;
const gatewayLog: string[] = [];
const platformLog: string[] = [];

beforeAll(async () => {
  platform = await startPlatform({
    seeds: ['core'],
    config: { logLevel: 'info' },
    logStream: { write: (line) => void platformLog.push(line) },
  });
  gateway = await buildApp(
    loadConfig({ PLATFORM_URL: platform.url, LOG_LEVEL: 'info', NODE_ENV: 'test' }),
    { logStream: { write: (line) => void gatewayLog.push(line) } },
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await platform?.close();
});

/** Status of a GET, its body read so the connection is free again. */
async function statusOf(address: string): Promise<number> {
  const response = await fetch(address);
  await response.arrayBuffer();
  return response.status;
}

describe('account keys in logs', () => {
  it('never logs an activation or reset key, in either process', async () => {
    const shop = { url, platform } as never;
    const email = newEmail('keys');
    await shopperOf(shop).post('/social-login?mode=register', {
      intent: 'register',
      firstName: 'Kay',
      lastName: 'Ease',
      email,
      password: 'good-password-1',
    });
    const activation = await linkInOutbox(shop, email, 'activation');
    expect(await statusOf(url + activation)).toBe(200);
    expect(await statusOf(`${url}${activation}.data`)).toBeLessThan(500);
    await shopperOf(shop).post(activation, { intent: 'activate' });

    await shopperOf(shop).post('/social-login?mode=reset', { intent: 'reset-request', email });
    const reset = await linkInOutbox(shop, email, 'password-reset');
    expect(await statusOf(url + reset)).toBe(200);

    const keys = [activation, reset].map((path) => path.split('/').at(-1)!);
    // The requests were logged (with the key hidden), so the check below has lines to look at.
    expect(gatewayLog.join('\n')).toContain('/profile/activation/[redacted]');
    expect(platformLog.join('\n')).toMatch(/profile(\/|%2F)reset(\/|%2F)\[redacted\]/i);
    for (const key of keys) {
      expect(gatewayLog.join('\n')).not.toContain(key);
      expect(platformLog.join('\n')).not.toContain(key);
    }
  });
});
