import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { identityPaths } from '../../shared/contracts/identities';
import { listPaths, type ShoppingList } from '../../shared/contracts/lists';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { buyableOfferings, shopperOf, type Shopper } from './client-checkout-support';
import { textOf } from './client-account-support';

// Form posts (no JavaScript) whose platform call is refused or fails: a refusal is the form again
// with the platform's message and its status (409 stays 409, the others 400); a platform failure
// (5xx) is the page's 502. A fault proxy between the gateway and the reference platform answers
// the chosen call with the status.
let platform: TestPlatform;
let faults: FaultProxy;
let gateway: FastifyInstance;
let url: string;
let shopper: Shopper;
beforeAll(async () => {
  platform = await startPlatform();
  faults = await startFaultProxy(platform.url);
  gateway = await buildApp(
    loadConfig({ PLATFORM_URL: faults.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  url = `http://localhost:${(gateway.server.address() as AddressInfo).port}`;
  shopper = shopperOf({ url });
  await shopper.signIn();
}, 120_000);
afterAll(async () => {
  await gateway?.close();
  await faults?.close();
  await platform?.close();
});

describe('"Add to list" (shopping lists) when the lists service refuses or fails', () => {
  it('keeps a 409 as 409 with the message on the form, and a 5xx is a 502', async () => {
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Faults' });
    const [offering] = await buyableOfferings({ url }, 1);
    const form = { intent: 'add-item', listId: list.id, offeringId: offering!.id, quantity: '2' };

    faults.fail(listPaths.items(list.id), 409, 1);
    const conflict = await shopper.post('/shopping-lists', form);
    expect(conflict.status).toBe(409);
    expect(textOf(await conflict.text())).toContain('injected fault');

    faults.fail(listPaths.items(list.id), 503, 1);
    const failed = await shopper.post('/shopping-lists', form);
    expect(failed.status).toBe(502);
    await failed.text();

    const added = await shopper.post('/shopping-lists', form);
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toContain('done=added');
  });
});

describe('"Add to list" when the catalogue cannot name the product', () => {
  it('is a 502, not a form for a product nobody named (ADR 0320)', async () => {
    const [offering] = await buyableOfferings({ url }, 1, 'bread');
    faults.fail(cataloguePaths.offerings([offering!.id]), 503);
    try {
      const asking = await shopper.page(`/shopping-lists?add=${offering!.id}`);
      expect(asking.status).toBe(502);
      expect(textOf(await asking.text())).not.toContain('to a list');
    } finally {
      faults.clear();
    }
    const asked = await shopper.page(`/shopping-lists?add=${offering!.id}`);
    expect(asked.status).toBe(200);
    expect(textOf(await asked.text())).toContain(`Add “${offering!.name}” to a list`);
  });
});

describe('"Ways to sign in" (profile) when uaa fails', () => {
  it("is a 502, not uaa's own 5xx passed on as the shop's", async () => {
    for (const status of [500, 503]) {
      faults.fail(identityPaths.one('id-1'), status, 1);
      const unlinked = await shopper.post('/profile', { intent: 'unlink', identity: 'id-1' });
      expect(unlinked.status).toBe(502);
      await unlinked.text();
    }
    faults.fail(identityPaths.setPassword, 500, 1);
    const set = await shopper.post('/profile', {
      intent: 'set-password',
      newPassword: 'a-new-password-1',
      confirmPassword: 'a-new-password-1',
    });
    expect(set.status).toBe(502);
  });

  it('keeps a refusal (4xx) on the form with its status', async () => {
    faults.fail(identityPaths.one('id-2'), 409, 1);
    const refused = await shopper.post('/profile', { intent: 'unlink', identity: 'id-2' });
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain('injected fault');
  });
});
