import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  profilePaths,
  type DeliveryAddressList,
  type PaymentMethodList,
  type ProfileInfo,
} from '../../shared/contracts/profile';
import { startShop, type TestShop } from '../support/shop';
import { shopperOf, type Shopper } from './client-checkout-support';
import { textOf } from './client-account-support';

// The profile screens through the gateway against the reference platform, as the demo shopper
// posting forms without JavaScript.
let shop: TestShop;
let shopper: Shopper;
beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

const addresses = async () =>
  (await shopper.api<DeliveryAddressList>(profilePaths.addresses)).items;
const cards = async () => (await shopper.api<PaymentMethodList>(profilePaths.paymentMethods)).items;

describe('profile', () => {
  it('sends a logged-out visitor to sign in, with the way back', async () => {
    for (const path of [
      '/profile',
      '/profile/info',
      '/profile/delivery-address',
      '/profile/payment-methods',
    ]) {
      const response = await fetch(shop.url + path, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        `/social-login?returnTo=${encodeURIComponent(path)}`,
      );
    }
  });

  it('shows the overview with links to each part', async () => {
    const html = await (await shopper.page('/profile')).text();
    expect(html).toContain('shopper@example.com');
    for (const path of ['/profile/info', '/profile/delivery-address', '/profile/payment-methods'])
      expect(html).toContain(`href="${path}"`);
    expect(textOf(html)).toContain('Visa ending 4242');
  });

  it('saves the name and phone; the e-mail stays read-only', async () => {
    const page = await (await shopper.page('/profile/info')).text();
    const emailInput = /<input id="info-email"[^>]*>/.exec(page)?.[0] ?? '';
    expect(emailInput).toContain('readOnly=""');
    expect(emailInput).toContain('value="shopper@example.com"');
    const saved = await shopper.post('/profile/info', {
      intent: 'save-info',
      firstName: 'Sam',
      lastName: 'Updated',
      phone: '+353 1 234 5678',
      email: 'x@example.com',
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/profile/info?done=info-saved');
    const info = await shopper.api<ProfileInfo>(profilePaths.info);
    expect(info).toEqual({
      email: 'shopper@example.com',
      firstName: 'Sam',
      lastName: 'Updated',
      phone: '+353 1 234 5678',
    });
    const after = await (await shopper.page('/profile/info?done=info-saved')).text();
    expect(after).toContain('value="Updated"');
    // Where the redirect's document starts without JavaScript (docs/decisions/0315, point 2).
    expect(after).toContain(
      '<p class="notice" role="status" tabindex="-1" autofocus="">Your details are saved.</p>',
    );
  });

  it('refuses an empty name and a bad phone beside their fields', async () => {
    const response = await shopper.post('/profile/info', {
      intent: 'save-info',
      firstName: ' ',
      lastName: 'Updated',
      phone: 'call me',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /id="info-firstName-error" class="field-error" tabindex="-1" autofocus="">Enter your first name</,
    );
    expect(html).toMatch(
      /id="info-phone-error" class="field-error" tabindex="-1" autofocus="">Digits, spaces/,
    );
    expect(html).toContain('value="call me"');
    // Each field in error is invalid, described by its message, and a candidate for the
    // document's autofocus (the browser takes the first): the no-JavaScript path of ADR 0308.
    expect(html).toMatch(
      /<input id="info-firstName"[^>]* aria-invalid="true" aria-describedby="info-firstName-error" autofocus=""/,
    );
    expect(html).toMatch(/<input id="info-lastName"(?![^>]*autofocus)[^>]*>/);
  });

  it('adds, changes, makes default and deletes a delivery address', async () => {
    const before = await addresses();
    const added = await shopper.post('/profile/delivery-address', {
      intent: 'add-address',
      name: 'Sam at the cabin',
      line1: '1 Lake Road',
      line2: '',
      postcode: 'K78 X1Y2',
      city: 'Wicklow',
      country: 'IE',
      phone: '',
      instructions: '',
    });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe('/profile/delivery-address?done=address-added');
    const cabin = (await addresses()).find((a) => a.name === 'Sam at the cabin')!;
    expect(cabin).toBeTruthy();
    expect(await (await shopper.page('/profile/delivery-address')).text()).toContain('1 Lake Road');

    const editPage = await (
      await shopper.page(`/profile/delivery-address?edit=${cabin.id}`)
    ).text();
    expect(editPage).toContain(`id="edit-${cabin.id}-line1"`);
    expect(editPage).toContain('value="1 Lake Road"');
    const changed = await shopper.post('/profile/delivery-address', {
      intent: 'update-address',
      id: cabin.id,
      name: 'Sam at the cabin',
      line1: '2 Lake Road',
      line2: '',
      postcode: 'K78 X1Y2',
      city: 'Wicklow',
      country: 'IE',
      phone: '',
      instructions: 'Ring twice',
    });
    expect(changed.status).toBe(302);
    expect((await addresses()).find((a) => a.id === cabin.id)).toMatchObject({
      line1: '2 Lake Road',
      instructions: 'Ring twice',
      isDefault: false,
    });

    const made = await shopper.post('/profile/delivery-address', {
      intent: 'default-address',
      id: cabin.id,
    });
    expect(made.status).toBe(302);
    expect((await addresses())[0]).toMatchObject({
      id: cabin.id,
      isDefault: true,
      line1: '2 Lake Road',
    });

    const deleted = await shopper.post('/profile/delivery-address', {
      intent: 'delete-address',
      id: cabin.id,
    });
    expect(deleted.headers.get('location')).toBe('/profile/delivery-address?done=address-deleted');
    const left = await addresses();
    expect(left.map((a) => a.id).sort()).toEqual(before.map((a) => a.id).sort());
    expect(left.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it('refuses an incomplete address beside its fields, keeping what was typed', async () => {
    const response = await shopper.post('/profile/delivery-address', {
      intent: 'add-address',
      name: 'Half done',
      line1: '3 Lake Road',
      postcode: '',
      city: 'Wicklow',
      country: 'IE',
      isDefault: 'on',
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /id="add-address-postcode-error" class="field-error" tabindex="-1" autofocus="">/,
    );
    expect(html).toContain('value="3 Lake Road"');
    // "Make this my default address" stays ticked, as typed.
    expect(html).toMatch(/<input type="checkbox" name="isDefault" checked=""\/>/);
  });

  it('refuses a bad card number beside its field and never renders the number', async () => {
    const number = '4111 1111 1111 1112';
    const response = await shopper.addCard('/profile/payment-methods', number);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /<p id="add-card-cardNumber-error" class="field-error" tabindex="-1" autofocus="">This card number is not valid \(check the digits\)<\/p>/,
    );
    expect(html).toContain('aria-describedby="add-card-cardNumber-error"');
    expect(html).not.toContain(number);
    expect(html).not.toContain(number.replace(/\s/g, ''));
    expect(html).toContain('value="Sam Shopper"');
    expect(html).toMatch(/<input type="checkbox" name="isDefault"\/>/); // not ticked, not ticked now
    const ticked = await shopper.post('/profile/payment-methods', {
      intent: 'add-card',
      cardNumber: number,
      expiryMonth: '12',
      expiryYear: '2031',
      holderName: 'Sam Shopper',
      isDefault: 'on',
    });
    expect(await ticked.text()).toMatch(/<input type="checkbox" name="isDefault" checked=""\/>/);
  });

  it('adds a valid card shown by brand and last four only, makes it default and deletes it', async () => {
    const number = '5555555555554444';
    const response = await shopper.addCard('/profile/payment-methods', number, '3', '2032');
    expect(response.status).toBe(302);
    const html = await (await shopper.page('/profile/payment-methods?done=card-added')).text();
    expect(textOf(html)).toContain('Mastercard ending 4444');
    expect(textOf(html)).toContain('expires 03/2032');
    expect(html).toContain('The card is added.');
    expect(html).not.toContain(number);
    expect(html).not.toMatch(/pm_tok_/);

    const card = (await cards()).find((c) => c.last4 === '4444')!;
    expect(
      (await shopper.post('/profile/payment-methods', { intent: 'default-card', id: card.id }))
        .status,
    ).toBe(302);
    expect((await cards())[0]).toMatchObject({ id: card.id, isDefault: true });
    expect(
      (await shopper.post('/profile/payment-methods', { intent: 'delete-card', id: card.id }))
        .status,
    ).toBe(302);
    expect((await cards()).some((c) => c.id === card.id)).toBe(false);
  });

  it('answers an unknown intent with 400, not a crash', async () => {
    const response = await shopper.post('/profile/payment-methods', { intent: 'steal-cards' });
    expect(response.status).toBe(400);
  });
});
