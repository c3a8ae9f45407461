import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { closeGateway } from '../support/close-gateway';
import { startPlatform, type TestPlatform } from '../support/platform';

// The development mailbox (issue #29 item 5, ADR 0273): with DEV_MAILBOX=on (npm start) the shop
// lists its e-mails at /dev/mail and its sign-in screens link there; without it (the default,
// production) neither exists. Both gateways in front of one platform, over HTTP.
let platform: TestPlatform;
const gateways: FastifyInstance[] = [];
let withMailbox: string;
let withoutMailbox: string;

async function gateway(env: Record<string, string>): Promise<string> {
  const app = await buildApp(
    loadConfig({ PLATFORM_URL: platform.url, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env }),
  );
  gateways.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://localhost:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  platform = await startPlatform();
  withMailbox = await gateway({ DEV_MAILBOX: 'on' });
  withoutMailbox = await gateway({});
});
afterAll(async () => {
  await Promise.all(gateways.map(closeGateway));
  await platform?.close();
});

const page = async (url: string) => {
  const answer = await fetch(url);
  return { status: answer.status, html: await answer.text() };
};

describe('the development mailbox', () => {
  it('is off by default: /dev/mail is the 404 screen and no sign-in screen names it', async () => {
    const mailbox = await page(`${withoutMailbox}/dev/mail`);
    expect(mailbox.status).toBe(404);
    expect(mailbox.html).not.toContain('Development mailbox');
    for (const mode of ['sign-in', 'register', 'reset']) {
      const screen = await page(`${withoutMailbox}/social-login?mode=${mode}`);
      expect(screen.status).toBe(200);
      expect(screen.html).not.toContain('/dev/mail');
    }
  });

  it("links every sign-in screen to it, and lists the shop's e-mails with their links", async () => {
    for (const mode of ['sign-in', 'register', 'reset']) {
      const screen = await page(`${withMailbox}/social-login?mode=${mode}`);
      expect(screen.html).toMatch(/<a[^>]* href="\/dev\/mail"[^>]*>development mailbox<\/a>/);
    }
    const email = `mailbox-${Date.now().toString(36)}@example.com`;
    const registered = await platform.call('/api/services/uaa/api/v1/register', {
      method: 'POST',
      body: { email, password: 'mailbox-pass', firstName: 'M', lastName: 'B' },
    });
    expect(registered.status).toBe(202);
    const [mail] = await platform.outbox(email);

    const all = await page(`${withMailbox}/dev/mail`);
    expect(all.status).toBe(200);
    expect(all.html).toContain('<h1 id="dev-mail-title">Development mailbox</h1>');
    expect(all.html).toContain(`To ${email}`);
    expect(all.html).toContain(`<a href="${mail!.link}">${mail!.link}</a>`);

    const one = await page(`${withMailbox}/dev/mail?to=${encodeURIComponent(email)}`);
    expect(one.html.match(/<article /g)).toHaveLength(1);
    const other = await page(`${withMailbox}/dev/mail?to=nobody%40example.com`);
    expect(other.html).toContain('No e-mail to nobody@example.com yet.');
  });

  it("shows only this shop's e-mails", async () => {
    const email = `harbour-${Date.now().toString(36)}@example.com`;
    const registered = await platform.call('/api/services/uaa/api/v1/register', {
      method: 'POST',
      tenant: 'harbour',
      body: { email, password: 'mailbox-pass', firstName: 'H', lastName: 'B' },
    });
    expect(registered.status).toBe(202);
    expect((await platform.outbox(email)).length).toBe(1);
    expect((await page(`${withMailbox}/dev/mail`)).html).not.toContain(email);
  });

  it('answers a malformed address with a 400 and a message', async () => {
    const bad = await page(`${withMailbox}/dev/mail?to=not-an-address`);
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Enter an e-mail address, or nothing for all.');
  });
});
