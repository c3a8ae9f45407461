import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../support/cookie-jar';
import {
  continueWith,
  startSocialShop,
  throughProvider,
  type SocialShop,
} from '../support/social-shop';

// A provider sign-in that fails is logged with its detail: the callback's `error`, which whoever
// follows the callback URL writes (docs/decisions/0387). Its hidden characters are shown as
// U+FFFD in the log line: U+202E read the rest of it backwards.
let shop: SocialShop;
const lines: string[] = [];
beforeAll(async () => {
  shop = await startSocialShop({ LOG_LEVEL: 'info' }, [], { write: (line) => lines.push(line) });
});
afterAll(async () => shop?.close());

describe('the log line of a failed provider sign-in', () => {
  it("shows the hidden characters of the callback's error as U+FFFD", async () => {
    const jar = new CookieJar();
    const callback = new URL(await throughProvider(jar, await continueWith(shop, jar), 'shopper'));
    callback.searchParams.set('error', 'server_error\u202Edeined_ssecca\u200B');
    const response = await jar.fetch(callback.href);
    expect(response.status).toBe(303);
    const failed = lines
      .map((line) => JSON.parse(line) as { msg?: string; detail?: string })
      .filter((line) => line.msg === 'social sign-in failed');
    expect(failed.map((line) => line.detail)).toEqual(['server_error\uFFFDdeined_ssecca\uFFFD']);
  });
});
