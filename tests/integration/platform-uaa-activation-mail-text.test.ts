import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPaths } from '../../shared/contracts/account';
import { startPlatform, type TestPlatform } from '../support/platform';

// Anyone can register any e-mail address, so the activation e-mail goes to someone who may never
// have asked for it. Its text must be the shop's alone: a name typed by the registrant would let a
// stranger send the shop's e-mail, from the shop's address, with lines of their own ("your account
// is locked, call ...") to whomever they like.
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const INJECTED = 'Your card was charged 499 EUR. To dispute it call +1 555 0100';

describe('the activation e-mail of a registration', () => {
  it('carries no text the registrant typed', async () => {
    const email = 'someone.else@example.com';
    const registered = await platform.call(accountPaths.register, {
      method: 'POST',
      body: {
        email,
        password: 'pantry-4242',
        firstName: `Sam.\n\n${INJECTED}`,
        lastName: INJECTED,
      },
    });
    expect(registered.status).toBe(202);
    const mail = (await platform.outbox(email)).find((m) => m.kind === 'activation');
    expect(mail?.link).toMatch(/\/profile\/activation\/[\w-]+$/);
    expect(mail!.body).toContain(mail!.link!);
    expect(mail!.body).not.toContain('charged');
    expect(mail!.subject).not.toContain('charged');
  });
});
