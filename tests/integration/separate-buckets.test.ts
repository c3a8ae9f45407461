import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSocialShop, type SocialShop } from '../support/social-shop';

// Separate per-address buckets (issue #27 item 13, docs/decisions/0242): the sign-in screen's
// forms all post to /social-login, and were one "account" bucket by path, so 20 registrations
// from an address (a NAT's worth of shoppers) blocked its sign-in for 10 minutes. Now the action
// counts by intent: sign-in (the no-JS form and /auth/sign-in) has its own bucket, registration
// and reset theirs, and "Continue with" is no account creation. Default limits: sign-in 20/60,
// account 20/600. Behind a balancer (TRUST_PROXY): each visitor is its X-Forwarded-For.
let shop: SocialShop;
beforeAll(async () => {
  shop = await startSocialShop({ TRUST_PROXY: '127.0.0.1' });
});
afterAll(async () => shop?.close());

async function form(from: string, fields: Record<string, string>): Promise<number> {
  const response = await fetch(`${shop.url}/social-login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: shop.url,
      'x-forwarded-for': from,
    },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

const register = (from: string, i: number) =>
  form(from, {
    intent: 'register',
    firstName: 'Nat',
    lastName: 'Shopper',
    email: `nat-${from.replaceAll(/\W/g, '')}-${i}@example.com`,
    password: 'a-long-password-1',
  });
const signInForm = (from: string, email = 'shopper@example.com', password = 'demo1234') =>
  form(from, { intent: 'sign-in', email, password });
const continueWith = (from: string) => form(from, { intent: 'social', provider: 'demo' });

async function signInJson(from: string): Promise<number> {
  const response = await fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf': '1',
      origin: shop.url,
      'x-forwarded-for': from,
    },
    body: JSON.stringify({ email: 'shopper@example.com', password: 'demo1234' }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe('separate buckets per address', () => {
  it('20 registrations from an address do not block its sign-in', async () => {
    const from = '203.0.113.20';
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push(await register(from, i));
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses[20]).toBe(429);
    // Before: the no-JS sign-in form was in the spent "account" bucket (429).
    expect(await signInForm(from)).toBe(303);
    expect(await signInJson(from)).toBe(200);
    // "Continue with" is not account creation: not held up either (429 before).
    expect(await continueWith(from)).toBe(303);
  });

  it('provider starts are not counted as account creation', async () => {
    const from = '203.0.113.21';
    for (let i = 0; i < 25; i++) expect(await continueWith(from)).toBe(303);
    // Before: the 21st start was a 429, and so was the registration after them.
    expect(await register(from, 0)).toBe(200);
  });

  it('the sign-in form and /auth/sign-in share the sign-in bucket', async () => {
    const from = '203.0.113.22';
    for (let i = 0; i < 20; i++)
      expect(await signInForm(from, `nobody-${i}@example.com`, 'wrong-password')).toBe(401);
    expect(await signInForm(from)).toBe(429);
    expect(await signInJson(from)).toBe(429);
    // Registration from that address is not blocked by its sign-ins.
    expect(await register(from, 0)).toBe(200);
  });
});
