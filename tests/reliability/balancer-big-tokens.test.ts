import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { tokenCookieValues } from '../../server/session/cookies';
import { startHaproxy } from '../support/haproxy';
import { freePort, startNginx } from '../support/nginx';

// An identity provider's tokens can be large (Keycloak's or Entra's access tokens with their
// roles and groups: 2-4 KB, a browser's cookie limit), and the gateway keeps both in cookies:
// the sign-in answer sets them (two Set-Cookie headers of ~4 KB, beside the CSP and the preload
// links) and every later request carries them back (one Cookie header of ~8 KB). nginx's defaults
// refuse both (a response head over 4 KB is "upstream sent too big header": 502; a request header
// line over 8 KB: 400). The shipped balancer rules (deploy/nginx-proxy.conf, and HAProxy's
// deploy/haproxy.cfg with its 32 KB buffers, ADR 0378) must pass them: tested here in front of a
// stand-in gateway that answers such heads. Needs Debian's nginx and HAProxy.
// The cookies are the gateway's own, as it writes them (attributes, and the `session_proof` beside
// the tokens, ADR 0357: ~100 bytes more on each side).
// The largest a browser keeps: name and value of a cookie within 4,096 bytes.
const TOKEN = 'x'.repeat(4_096 - 'refresh_token='.length);
const PAIR = {
  access_token: TOKEN,
  refresh_token: TOKEN,
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 3600,
};
let gatewayCookies: string[] = [];
let gateway: Server;
const balancers: Record<string, { url: string; close(): Promise<void> }> = {};
let seen: { cookie?: string } = {};

beforeAll(async () => {
  // @fastify/cookie's serializer, as the gateway's reply has it (it loads once registered).
  const withCookies = Fastify();
  await withCookies.register(cookie);
  gatewayCookies = tokenCookieValues(withCookies.serializeCookie, PAIR, 'https://shop.example', {
    cookieSecure: true,
  });
  await withCookies.close();
  const port = await freePort();
  gateway = createServer((req, res) => {
    // HAProxy's health checks are not what the test sent.
    if (req.url === '/readyz') return void res.end('ok');
    seen = { cookie: req.headers.cookie };
    if (req.url !== '/sign-in') return void res.end('ok');
    res.setHeader('set-cookie', gatewayCookies);
    res.setHeader('link', '</assets/app.css>; rel=preload; as=style, '.repeat(20).slice(0, -2));
    res.end('ok');
  });
  await new Promise<void>((resolve) => gateway.listen(port, '127.0.0.1', resolve));
  balancers.nginx = await startNginx([port]);
  balancers.haproxy = await startHaproxy([port]);
}, 20_000);

afterAll(async () => {
  for (const balancer of Object.values(balancers)) await balancer.close();
  await new Promise((resolve) => gateway?.close(resolve));
});

describe.each(['nginx', 'haproxy'])(
  '%s with identity-provider tokens of a browser cookie’s size',
  (name) => {
    it('passes a sign-in answer that sets both tokens and their proof', async () => {
      const answer = await request(`${balancers[name]!.url}/sign-in`);
      expect(answer.statusCode).toBe(200);
      expect(await answer.body.text()).toBe('ok');
      expect(answer.headers['set-cookie']).toEqual(gatewayCookies);
      expect(gatewayCookies.map((line) => line.split('=')[0])).toEqual([
        'access_token',
        'refresh_token',
        'session_proof',
      ]);
    });

    it('passes a request that carries both tokens and their proof back', async () => {
      const sent = [...gatewayCookies.map((line) => line.split(';')[0]!), 'consent=all'].join('; ');
      const answer = await request(`${balancers[name]!.url}/orders`, {
        headers: { cookie: sent },
      });
      expect(answer.statusCode).toBe(200);
      await answer.body.text();
      expect(seen.cookie).toBe(sent);
    });
  },
);
