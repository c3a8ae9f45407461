import type { FastifyReply, FastifyRequest } from 'fastify';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEarlyDocuments } from './early-document';

// A session's head due at once (ADR 0294) goes after the page's calls have left: undici writes a
// call on a kept-alive connection in the check phase after the turn that made it, and a head sent
// in that turn would be written first, holding every call back by its own writing.
const ORIGIN = 'https://shop.test';
const DOC =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"/>' +
  '<link rel="stylesheet" href="/assets/style-S1.css"/></head><body>page</body></html>';

let upstream: Server;
let agent: Agent;
let url: string;

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/account`;
  agent = new Agent({ connections: 1 });
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => upstream.close(resolve));
});

function page(events: string[]) {
  const request = {
    method: 'GET',
    url: '/profile',
    shopOrigin: ORIGIN,
    cookies: { access_token: 'opaque-token', refresh_token: 'r1' },
    raw: { destroyed: false },
    scope: {},
  } as unknown as FastifyRequest;
  const reply = {
    status: () => reply,
    header: () => reply,
    send: () => {
      events.push('head');
      return reply;
    },
  } as unknown as FastifyReply;
  return { request, reply };
}

describe('an early document whose head is due at once', () => {
  it("sends its head after the page's first call was written", async () => {
    // The connection is kept alive from an earlier call, as a gateway's are.
    await (await undiciRequest(url, { dispatcher: agent })).body.text();
    const documents = createEarlyDocuments();
    documents.learn(page([]).request, 200, DOC, 'N1');

    const events: string[] = [];
    const written = (message: unknown) =>
      events.push(`call ${(message as { request: { path: string } }).request.path}`);
    subscribe('undici:client:sendHeaders', written);
    try {
      const { request, reply } = page(events);
      const early = documents.start(request, reply, { nonce: 'N2', csp: '' }, 0);
      expect(early).not.toBeNull();
      const call = undiciRequest(url, { dispatcher: agent });
      early!.callsStarted();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(events).toEqual(['call /account', 'head']);
      await (await call).body.text();
      early!.document(200, DOC);
    } finally {
      unsubscribe('undici:client:sendHeaders', written);
    }
  });
});
