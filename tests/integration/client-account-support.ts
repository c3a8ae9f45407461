import { expect } from 'vitest';
import type { TestShop } from '../support/shop';

// Helpers of the account screen tests: the e-mail link of the platform's outbox, and signing in
// through the gateway as the browser's sign-in form does.
export async function linkInOutbox(
  shop: TestShop,
  email: string,
  kind: 'activation' | 'password-reset',
): Promise<string> {
  const mail = (await shop.platform.outbox(email)).find((message) => message.kind === kind);
  expect(mail?.link, `no ${kind} e-mail for ${email}`).toBeTruthy();
  return new URL(mail!.link!).pathname;
}

export async function signInStatus(
  shop: TestShop,
  email: string,
  password: string,
): Promise<number> {
  const response = await fetch(`${shop.url}/auth/sign-in`, {
    method: 'POST',
    headers: { origin: shop.url, 'x-csrf': '1', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.arrayBuffer();
  return response.status;
}

let counter = 0;
/** A fresh e-mail per test, so that tests sharing one platform never meet. */
export const newEmail = (name: string) =>
  `${name}-${Date.now().toString(36)}-${counter++}@example.com`;

/** The text of a page's HTML with tags dropped and entities of apostrophes and quotes read. */
export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
