import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../shared/contracts/account';
import { PASSWORD_MIN } from '../../client/components/registration/account-form-result';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf } from './client-checkout-support';
import { linkInOutbox, newEmail, signInStatus, textOf } from './client-account-support';

// Registration, activation and password reset through the gateway against the reference
// platform, posted as a browser without JavaScript posts forms.
let shop: TestShop;
beforeAll(async () => {
  shop = await startShop();
}, 120_000);
afterAll(() => shop?.close());

const register = (email: string, password = 'good-password-1') =>
  shopperOf(shop).post('/social-login?mode=register', {
    intent: 'register',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    password,
  });

describe('registration', () => {
  it('shows the form on the sign-in screen', async () => {
    const html = await (await fetch(`${shop.url}/social-login?mode=register`)).text();
    expect(html).toContain('<title>Create an account</title>');
    expect(html).toMatch(
      /name="firstName"[\s\S]*name="lastName"[\s\S]*name="email"[\s\S]*name="password"/,
    );
    expect(PASSWORD_MIN).toBe(PASSWORD_MIN_LENGTH);
  });

  it('registers, mails an activation link that activates on POST only, then signs in', async () => {
    const email = newEmail('ada');
    const response = await register(email);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain('Check your e-mail');
    expect(html).not.toContain('good-password-1');

    const link = await linkInOutbox(shop, email, 'activation');
    expect(link).toMatch(/^\/profile\/activation\/[\w-]+$/);
    const page = await fetch(shop.url + link);
    expect(page.status).toBe(200);
    const pageHtml = await page.text();
    expect(pageHtml).toContain('Activate my account');
    expect(pageHtml).toContain('<meta name="referrer" content="strict-origin"/>');
    expect(await signInStatus(shop, email, 'good-password-1')).toBe(403);
    // The sign-in screen says it in the shop's words, not uaa's (docs/decisions/0377).
    const early = await shopperOf(shop).post('/social-login', {
      intent: 'sign-in',
      email,
      password: 'good-password-1',
    });
    expect(early.status).toBe(403);
    const earlyText = textOf(await early.text());
    expect(earlyText).toContain('Your account is not active yet. Follow the link in the e-mail');
    expect(earlyText).not.toContain('Account not activated');

    const activated = await shopperOf(shop).post(link, { intent: 'activate' });
    expect(activated.status).toBe(200);
    expect(textOf(await activated.text())).toContain('Your account is active');
    expect(await signInStatus(shop, email, 'good-password-1')).toBe(200);

    const again = await shopperOf(shop).post(link, { intent: 'activate' });
    expect(again.status).toBe(404);
    const againText = textOf(await again.text());
    expect(againText).toContain('This activation link is not valid or was already used.');
    expect(againText).not.toContain('activation key');
    expect(againText).not.toContain('Activate my account');
  });

  it('answers an existing e-mail like a new one and mails its owner (no enumeration)', async () => {
    const existing = await register('shopper@example.com');
    const fresh = await register(newEmail('fresh'));
    expect(existing.status).toBe(fresh.status);
    const text = textOf(await existing.text());
    expect(text).toContain('We have sent an e-mail to shopper@example.com');
    expect(text).not.toMatch(/exists/i);
    const notice = (await shop.platform.outbox('shopper@example.com')).find(
      (mail) => mail.kind === 'account-exists',
    );
    expect(notice?.link).toMatch(/\/social-login\?mode=reset$/);
  });

  it('puts mistakes beside their fields and never echoes the password', async () => {
    const response = await shopperOf(shop).post('/social-login?mode=register', {
      intent: 'register',
      firstName: '',
      lastName: 'Lovelace',
      email: 'not-an-email',
      password: 'short7!',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /id="register-firstName-error" class="field-error" tabindex="-1" autofocus="">Enter your first name</,
    );
    expect(html).toMatch(
      /id="register-email-error" class="field-error" tabindex="-1" autofocus="">Enter an e-mail address/,
    );
    expect(html).toMatch(
      /id="register-password-error" class="field-error" tabindex="-1" autofocus="">Use at least 8 characters/,
    );
    expect(html).not.toContain('short7!');
  });

  it('shows an unknown activation key as a message, not an error page', async () => {
    const response = await shopperOf(shop).post('/profile/activation/NoSuchKey-0123456789', {
      intent: 'activate',
    });
    expect(response.status).toBe(404);
    const text = textOf(await response.text());
    // Said once, in the shop's words: uaa's "Unknown or already used activation key" came first.
    expect(text).toContain('This activation link is not valid or was already used.');
    expect(text).not.toContain('activation key');
    expect(text).not.toContain('Page not found');
  });
});

describe('password reset', () => {
  it('answers the same neutral message for a known and an unknown e-mail', async () => {
    const post = (email: string) =>
      shopperOf(shop).post('/social-login?mode=reset', { intent: 'reset-request', email });
    const [known, unknown] = await Promise.all([
      post('shopper@example.com'),
      post(newEmail('nobody')),
    ]);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const message = 'If an account exists for this e-mail, we have sent it a link';
    expect(textOf(await known.text())).toContain(message);
    expect(textOf(await unknown.text())).toContain(message);
  });

  it('mails a link; the new password (typed twice) replaces the old one', async () => {
    const email = newEmail('grace');
    await register(email, 'first-password');
    await shopperOf(shop).post(await linkInOutbox(shop, email, 'activation'), {
      intent: 'activate',
    });
    await shopperOf(shop).post('/social-login?mode=reset', { intent: 'reset-request', email });
    const link = await linkInOutbox(shop, email, 'password-reset');
    expect(link).toMatch(/^\/profile\/reset\/[\w-]+$/);
    expect(await (await fetch(shop.url + link)).text()).toContain('name="confirmPassword"');

    const mismatch = await shopperOf(shop).post(link, {
      intent: 'reset-finish',
      newPassword: 'second-password',
      confirmPassword: 'other-password',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toMatch(
      /id="reset-confirmPassword-error" class="field-error" tabindex="-1" autofocus="">The two passwords are not the same/,
    );

    const done = await shopperOf(shop).post(link, {
      intent: 'reset-finish',
      newPassword: 'second-password',
      confirmPassword: 'second-password',
    });
    expect(done.status).toBe(200);
    const html = await done.text();
    expect(textOf(html)).toContain('Your password is changed');
    expect(html).not.toContain('second-password');
    expect(await signInStatus(shop, email, 'first-password')).toBe(401);
    expect(await signInStatus(shop, email, 'second-password')).toBe(200);
  });

  it('shows a used or unknown reset key as a message with a way to ask again, no form', async () => {
    const response = await shopperOf(shop).post('/profile/reset/NoSuchKey-0123456789', {
      intent: 'reset-finish',
      newPassword: 'whatever-1',
      confirmPassword: 'whatever-1',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = textOf(html);
    // The shop's words, not uaa's "Unknown, used or expired reset key" (docs/decisions/0377).
    expect(text).toContain('This reset link is not valid, was already used or has expired.');
    expect(text).not.toContain('reset key');
    expect(text).toContain('Ask for a new reset link');
    // A form this link can only have refused again is not offered.
    expect(text).not.toContain('Save my new password');
    expect(html).not.toContain('name="newPassword"');
  });
});
