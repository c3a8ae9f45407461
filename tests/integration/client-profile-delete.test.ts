import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePaths, type DeliveryAddressList } from '../../shared/contracts/profile';
import { startShop, type TestShop } from '../support/shop';
import { textOf } from './client-account-support';
import { shopperOf, type Shopper } from './client-checkout-support';

// "Delete…" of an address or a card asks first (docs/decisions/0383), as the documents a browser
// without JavaScript gets: the link, the question (?confirm=delete&address=<id>) naming what goes
// and what becomes of the default, and the way back (?address=<id>) that starts on "Delete…".
let shop: TestShop;
let shopper: Shopper;
beforeAll(async () => {
  shop = await startShop();
  shopper = shopperOf(shop);
  await shopper.signIn();
}, 120_000);
afterAll(() => shop?.close());

const ADDRESSES = '/profile/delivery-address';
const HOME = 'adr-fresh-demo-home'; // 12 Merrion Square, the default
const WORK = 'adr-fresh-demo-work'; // Grand Canal Dock Offices
const html = async (path: string) => (await shopper.page(path)).text();
/** The opening tag of the link named `name` (its text or its aria-label), or ''. */
const linkTag = (page: string, name: string) =>
  [...page.matchAll(/<a [^>]*>([^<]*)</g)].find(
    ([tag, text]) => text === name || tag.includes(`aria-label="${name}"`),
  )?.[0] ?? '';
/** The question's box, from its role to the end of its form. */
const questionOf = (page: string) => /role="alertdialog".*?<\/form>/s.exec(page)?.[0] ?? '';

describe('an address’s "Delete…"', () => {
  it('is a link that asks; nothing on the page deletes at once', async () => {
    const page = await html(ADDRESSES);
    expect(page).not.toContain('value="delete-address"');
    expect(linkTag(page, 'Delete Sam Shopper, Grand Canal Dock Offices…')).toContain(
      `href="${ADDRESSES}?address=${WORK}&amp;confirm=delete"`,
    );
    expect(page).not.toContain('role="alertdialog"');
  });

  it('asks, naming the address; "No, keep it" has the focus and leads back to it', async () => {
    const question = questionOf(await html(`${ADDRESSES}?address=${WORK}&confirm=delete`));
    expect(textOf(question)).toContain(
      'Delete the address Grand Canal Dock Offices, 4th floor, D02 P820 Dublin?',
    );
    expect(question).not.toContain('default');
    expect(question).toContain('<input type="hidden" name="intent" value="delete-address"/>');
    expect(question).toContain(`<input type="hidden" name="id" value="${WORK}"/>`);
    const keep = linkTag(question, 'No, keep it');
    expect(keep).toContain(`href="${ADDRESSES}?address=${WORK}"`);
    expect(keep).toContain('autofocus=""');
    // Back, "Delete…" of that address starts with the focus; no question.
    const back = await html(`${ADDRESSES}?address=${WORK}`);
    expect(back).not.toContain('role="alertdialog"');
    expect(linkTag(back, 'Delete Sam Shopper, Grand Canal Dock Offices…')).toContain(
      'autofocus=""',
    );
    expect(linkTag(back, 'Delete Sam Shopper, 12 Merrion Square…')).not.toContain('autofocus');
  });

  it('says which address becomes the default, as the platform then makes it', async () => {
    const question = questionOf(await html(`${ADDRESSES}?address=${HOME}&confirm=delete`));
    expect(textOf(question)).toContain(
      'It is your default address: Grand Canal Dock Offices, 4th floor, D02 P820 Dublin becomes your default.',
    );
    const deleted = await shopper.post(`${ADDRESSES}?address=${HOME}&confirm=delete`, {
      intent: 'delete-address',
      id: HOME,
    });
    expect(deleted.headers.get('location')).toBe(`${ADDRESSES}?done=address-deleted`);
    const { items } = await shopper.api<DeliveryAddressList>(profilePaths.addresses);
    expect(items.map((a) => [a.id, a.isDefault])).toEqual([[WORK, true]]);
    // The last one left.
    expect(textOf(questionOf(await html(`${ADDRESSES}?address=${WORK}&confirm=delete`)))).toContain(
      'It is your only address: the checkout will ask you for one.',
    );
  });

  it('asks nothing for an address that is not there', async () => {
    const response = await shopper.page(`${ADDRESSES}?address=adr-nowhere&confirm=delete`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('role="alertdialog"');
  });
});

describe('a card’s "Delete…"', () => {
  it('asks, naming the card and what becomes of the default', async () => {
    const question = questionOf(
      await html('/profile/payment-methods?card=pm-fresh-demo-visa&confirm=delete'),
    );
    expect(textOf(question)).toContain('Delete the card Visa ending 4242, expiring 12/2030?');
    expect(textOf(question)).toContain('It is your only card: the checkout will ask you for one.');
    expect(question).toContain('<input type="hidden" name="intent" value="delete-card"/>');
    expect(textOf(question)).toContain('Yes, delete the card');
  });
});
