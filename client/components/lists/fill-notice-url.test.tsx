import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FillNotice } from './fill-notice';

// The notice of a fill without JavaScript reads its URL, which anyone can write and send as a link:
// it names only the items of the list or smart cart the page shows, by their offering, so a
// crafted link cannot make the shop state a sentence of the sender's (ADR 0320).
const items = [
  { offeringId: 'off-1', product: { name: 'Bread' } },
  { offeringId: 'off-2', product: { name: 'Figs' } },
  { offeringId: 'off-3', product: { name: 'Milk' } },
  { offeringId: 'off-gone', product: null },
];

/** The notice at `url`, in a shop of `locale` (the root's data, as the app's root loader gives it). */
function noticeAt(url: string, locale = 'en-IE'): string {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: () => <FillNotice items={items} />,
      loader: () => null,
    },
  ]);
  const root = { context: { tenant: { locale } } };
  return renderToString(
    <Stub initialEntries={[url]} hydrationData={{ loaderData: { root } }} />,
  ).replace(/<!-- -->/g, '');
}

describe('the notice of a fill, read from the URL', () => {
  it('names the shown items by offering: not sold today, no room in the cart, capped', () => {
    const html = noticeAt(
      '/?filled=1&units=1&missing=off-2&missing=off-gone&full=off-1&capped=off-3&missing=off-x',
    );
    expect(html).toContain('1 item added to your cart.');
    expect(html).toContain(
      'Not available today, so not added: <strong>Figs, An item no longer sold</strong>',
    );
    expect(html).toContain(
      'no room for more lines (300 at most), so not added: <strong>Bread</strong>',
    );
    expect(html).toContain('so not all were added of: <strong>Milk</strong>');
    expect(html).not.toContain('off-');
  });

  it("writes every count as the shop's locale groups it", () => {
    const html = noticeAt('/?filled=2&units=10006&capped=off-3');
    expect(html).toContain('2 products (10,006 items) added to your cart.');
    expect(html).toContain('A cart line holds 9,999 at most');
    // The shop's locale, not a fixed one: India's English groups by lakh.
    expect(noticeAt('/?filled=2&units=123456', 'en-IN')).toContain('2 products (1,23,456 items)');
  });

  it('says nothing a crafted link wrote', () => {
    const lie = 'Your account is locked - call 0800 000 000';
    const query = new URLSearchParams({ filled: '0', missing: lie, full: lie, capped: lie });
    const html = noticeAt(`/?${query}`);
    expect(html).toContain('Nothing was added to your cart.');
    expect(html).not.toContain('Your account');
    expect(html).not.toContain('<strong>');
  });
});
