import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { listPaths, type ShoppingList } from '../../shared/contracts/lists';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy';
import { startPlatform, type TestPlatform } from '../support/platform';
import { shopperOf, type Shopper } from './client-checkout-support';

// An id of `.` or `..` in a page's form or query (encodeURIComponent leaves dots as they are)
// must not steer the gateway's platform call to another path: undici's URL parsing resolved
// `/lists/{listId}/items/..` to `/lists/{listId}/`, so "remove this item" was a DELETE of the
// list (an upstream that ignores a trailing slash deletes it), and `?list=..` read the service's
// root with the shopper's token (server/upstream/dot-segments.ts). A pass-through proxy between
// the gateway and the reference platform records what the platform was asked.
let platform: TestPlatform;
let tap: FaultProxy;
let gateway: FastifyInstance;
let shopper: Shopper;
beforeAll(async () => {
  platform = await startPlatform();
  tap = await startFaultProxy(platform.url);
  gateway = await buildApp(
    loadConfig({ PLATFORM_URL: tap.url, LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
  );
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  shopper = shopperOf({
    url: `http://localhost:${(gateway.server.address() as AddressInfo).port}`,
  });
  await shopper.signIn();
}, 120_000);
// Each answer's body is read: an unread one left its keep-alive connection open in a state the
// gateway's close did not count as idle, and close() then waited out the 60 s hook (about one
// run in two, stop 61; closed at once with the bodies read, 6 of 6).
afterAll(async () => {
  await gateway?.close();
  await tap?.close();
  await platform?.close();
});

/** The lists service calls the platform was asked for since `from`, as `METHOD path`. */
const listCalls = (from: number) =>
  tap.seen
    .slice(from)
    .filter((call) => call.url.startsWith('/api/services/shopping-lists/'))
    .map((call) => `${call.method} ${call.url}`);

describe('ids made of dots in page actions and links', () => {
  it('removing or changing an item named .. asks the platform nothing about the list', async () => {
    const seeded = await shopper.api<ShoppingList>(listPaths.list('list-fresh-demo-weekly'));
    const list = await shopper.api<ShoppingList>(listPaths.lists, 'POST', { name: 'Dots' });
    await shopper.api(listPaths.items(list.id), 'POST', {
      offeringId: seeded.items[0]!.offeringId,
      quantity: 2,
    });
    for (const itemId of ['..', '.']) {
      const from = tap.seen.length;
      const removed = await shopper.post('/shopping-lists', {
        intent: 'remove-item',
        listId: list.id,
        itemId,
      });
      expect(removed.status, itemId).toBe(404);
      await removed.arrayBuffer();
      const changed = await shopper.post('/shopping-lists', {
        intent: 'change-quantity',
        listId: list.id,
        itemId,
        quantity: '3',
      });
      expect(changed.status, itemId).toBe(404);
      await changed.arrayBuffer();
      expect(
        listCalls(from).filter((call) => !call.startsWith('GET ')),
        itemId,
      ).toEqual([]);
    }
    const after = await shopper.api<ShoppingList>(listPaths.list(list.id));
    expect(after.items.map((item) => item.quantity)).toEqual([2]);
  });

  it('a link naming the list .. is the 404 page, with no call but the lists overview', async () => {
    for (const list of ['..', '.', '%2e%2e']) {
      const from = tap.seen.length;
      const response = await shopper.page(`/shopping-lists?list=${list}`);
      expect(response.status, list).toBe(404);
      await response.arrayBuffer();
      expect(listCalls(from), list).toEqual(['GET /api/services/shopping-lists/api/v1/lists']);
    }
  });
});
