import type { Page } from 'playwright-core';

/**
 * Fills the guest checkout's order form as a shopper types it (Grace Guest in Dublin, a test
 * card). `expiryYear` in the past makes the gateway refuse the card.
 */
export async function fillGuestOrderForm(
  page: Page,
  { email, expiryYear }: { email: string; expiryYear: string },
): Promise<void> {
  const box = (name: string, exact = false) => page.getByRole('textbox', { name, exact });
  await box('E-mail address').fill(email);
  await box("Recipient's name").fill('Grace Guest');
  await box('Address', true).fill('7 Harbour Rd');
  await box('Postcode').fill('D01 F5P2');
  await box('Town or city').fill('Dublin');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('IE');
  await box('Card number').fill('4242 4242 4242 4242');
  await box('Name on the card').fill('Grace Guest');
  await box('Expiry month (MM)').fill('12');
  await box('Expiry year (YYYY)').fill(expiryYear);
}
