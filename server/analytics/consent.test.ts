import { describe, expect, it } from 'vitest';
import { withBanner } from './banner';
import { choiceOf, consentState, consentWayBack, refererPath, returnPath } from './consent';

describe('consent', () => {
  it('reads the cookie, and takes Sec-GPC: 1 as a decline whatever the cookie says', () => {
    expect(consentState(undefined, undefined)).toBe('unset');
    expect(consentState('analytics:1', undefined)).toBe('granted');
    expect(consentState('analytics:0', undefined)).toBe('denied');
    expect(consentState('analytics:yes', undefined)).toBe('unset');
    expect(consentState('analytics:1', '1')).toBe('gpc');
  });

  it('reads accept, decline and a chosen measurement from the form', () => {
    expect(choiceOf(new URLSearchParams('choice=accept'))).toBe(true);
    expect(choiceOf(new URLSearchParams('choice=decline'))).toBe(false);
    expect(choiceOf(new URLSearchParams('choice=save&measurement=on'))).toBe(true);
    expect(choiceOf(new URLSearchParams('choice=save'))).toBe(false);
    expect(choiceOf(new URLSearchParams('choice=maybe'))).toBeNull();
  });

  it('goes back only to a path of this shop', () => {
    expect(returnPath('/search/milk?page=2')).toBe('/search/milk?page=2');
    expect(returnPath('//evil.example/')).toBe('/');
    expect(returnPath('https://evil.example/')).toBe('/');
    expect(returnPath('/\\evil.example')).toBe('/');
    expect(refererPath('http://shop.test/products/x?y=1', 'http://shop.test')).toBe(
      '/products/x?y=1',
    );
    expect(refererPath('http://evil.test/', 'http://shop.test')).toBeNull();
  });

  it('goes back to the page of the choice: its Referer, unless it names no more than the origin', () => {
    // The banner posted after client navigations: the Referer is where the shopper is.
    expect(consentWayBack('/products/oat-milk', '/')).toBe('/products/oat-milk');
    expect(consentWayBack('/', '/')).toBe('/');
    expect(consentWayBack(null, '/orders')).toBe('/orders');
    expect(consentWayBack('/consent?return=%2Fcart', '/cart')).toBe('/cart');
    // The activation and reset pages send their origin alone (ADR 0110): the key is in `return`.
    expect(consentWayBack('/', '/profile/activation/Key-1')).toBe('/profile/activation/Key-1');
    expect(consentWayBack('/', null)).toBe('/');
  });

  it('puts the banner first in <body>, a region named by its heading, with the path escaped', () => {
    const html = withBanner(
      '<html><head></head><body data-visitor="{&quot;a&quot;:1}"><a href="#main">Skip</a>' +
        '<main>x</main></body></html>',
      '/a?b="c"&d',
    );
    // Before the skip link: the keyboard's first stop (docs/decisions/0335).
    expect(html).toMatch(
      /<body data-visitor="[^"]*"><section class="consent-banner" aria-labelledby="consent-title">[^]*<\/section><a href="#main">Skip<\/a><main>x<\/main><\/body>/,
    );
    expect(html).toContain('value="/a?b=&quot;c&quot;&amp;d"');
  });

  it("puts it in a template's bytes as in their text, without reading them back (ADR 0296)", () => {
    const text = '<html><body><main>Käse · €1.20</main></body></html>';
    const bytes = withBanner(Buffer.from(text), '/k');
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe(withBanner(text, '/k'));
    expect(withBanner(Buffer.from('<p>no body</p>'), '/k').toString()).toBe('<p>no body</p>');
  });
});
