import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkClaims, claimText } from './report-claims';
import { servedBuild, type ServedBuild } from './running-build';

// The rules of docs/decisions/0365, 0368 and 0373 the integration tests do not reach: a
// development build (whose id has no build id's form), no build loaded, a release of null, a route
// named as an object's own property, a shop not known, and how a claim is cut short.
const build = (id: string) =>
  servedBuild({
    assets: { version: id },
    routes: { root: {}, 'search-results': {}, 'routes/cart-action': {} },
  });

describe("a browser report's claims", () => {
  const checked = (
    claims: { release?: unknown; tags?: Record<string, unknown> },
    served: ServedBuild | undefined,
    shop = '',
  ) => {
    const event: Record<string, unknown> = 'release' in claims ? { release: claims.release } : {};
    const tags: Record<string, unknown> = { ...claims.tags };
    checkClaims(event, tags, { build: served, shop });
    return { event, tags };
  };

  it("keeps the running build's release when it has no build id's form (development)", () => {
    expect(checked({ release: '0.8394' }, build('0.8394'))).toEqual({
      event: { release: '0.8394' },
      tags: {},
    });
    expect(checked({ release: '0.8394' }, build('0.1177'))).toEqual({
      event: {},
      tags: { release_claimed: '0.8394' },
    });
  });

  it('checks a release by its form alone while the build is not loaded', () => {
    expect(checked({ release: '0123abcd' }, undefined).event).toEqual({ release: '0123abcd' });
    expect(checked({ release: '0123abc' }, undefined).tags).toEqual({ release_claimed: '0123abc' });
  });

  it('leaves a release of null as it is: it names none', () => {
    expect(checked({ release: null }, build('0123abcd'))).toEqual({
      event: { release: null },
      tags: {},
    });
  });

  it("keeps a route of the build's own, and no route while no build is loaded", () => {
    expect(checked({ tags: { route: 'root' } }, build('0123abcd')).tags).toEqual({ route: 'root' });
    expect(checked({ tags: { route: 'search-results' } }, undefined).tags).toEqual({
      route_claimed: 'search-results',
    });
  });

  it("takes no property every object has for a route (the manifest's own keys only)", () => {
    for (const route of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(checked({ tags: { route } }, build('0123abcd')).tags).toEqual({
        route_claimed: route,
      });
  });

  it('names a route of the build as the request line does, by either of its ids (ADR 0373)', () => {
    for (const route of ['routes/cart-action', 'cart'])
      expect(checked({ tags: { route } }, build('0123abcd')).tags).toEqual({ route: 'cart' });
    expect(checked({ tags: { route: 'checkout-guest' } }, build('0123abcd')).tags).toEqual({
      route_claimed: 'checkout-guest',
    });
  });

  it("keeps a development build's id as the build tag, and checks it by its form while none is loaded", () => {
    expect(checked({ tags: { build: '0.8394' } }, build('0.8394')).tags).toEqual({
      build: '0.8394',
    });
    expect(checked({ tags: { build: '0.8394' } }, undefined).tags).toEqual({
      build_claimed: '0.8394',
    });
    expect(checked({ tags: { build: '0123abcd' } }, undefined).tags).toEqual({ build: '0123abcd' });
  });

  it('names no shop while the request has none, and shows the one the browser claimed', () => {
    expect(checked({ tags: { shop: 'shop.localhost' } }, undefined).tags).toEqual({
      shop_claimed: 'shop.localhost',
    });
    expect(checked({ tags: {} }, undefined, 'shop.localhost').tags).toEqual({
      shop: 'shop.localhost',
    });
  });

  it('shows a claim as one line of at most 64 characters, never half a character', () => {
    expect(claimText('')).toBe('""');
    expect(claimText(null)).toBe('null');
    expect(claimText('a\tb\u0000c')).toBe('a b c');
    expect(claimText(`${'x'.repeat(63)}😀`)).toBe(`${'x'.repeat(63)}…`);
    expect(claimText('x'.repeat(64))).toBe('x'.repeat(64));
    expect(claimText('a\u2028b\u2029c')).toBe('a b c');
  });

  // docs/decisions/0387: a claim is shown to operators; U+202E in it showed the rest of the
  // inbox line backwards, and a zero-width space made two claims look one.
  const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069';
  const HIDDEN = [...BIDI, ...'\u200B\u200C\u200D\u200E\u200F\uFEFF'];
  const ORDINARY = [
    'a',
    'Zoë',
    'e\u0301',
    '漢字',
    'かな',
    'مرحبا',
    'שלום',
    '😀',
    '👍🏽',
    '👩‍💻',
    '🇫🇷',
    ' ',
  ];

  it('shows each hidden character of a claim as U+FFFD, and ordinary text as it came', () => {
    expect(claimText('build\u202E3pm.exe')).toBe('build\uFFFD3pm.exe');
    const hiddenAt = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/u;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...HIDDEN, ...ORDINARY), fc.string()), { maxLength: 20 }),
        (parts) => {
          const shown = claimText(parts.join(''));
          // A joiner stays only within an emoji (👩‍💻), the only place ORDINARY has one.
          expect(shown.replaceAll('👩\u200D💻', '')).not.toMatch(hiddenAt);
        },
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ORDINARY), { maxLength: 12 }), (parts) => {
        const text = parts.join('');
        fc.pre(text !== '' && text.length <= 64);
        expect(claimText(text)).toBe(text);
      }),
    );
  });

  it('never cuts an emoji after its joiner or within its flag', () => {
    expect(claimText(`${'x'.repeat(62)}👩\u200D💻`)).toBe(`${'x'.repeat(62)}👩…`);
    // Cut after the joiner: the joiner goes, not the woman.
    expect(claimText(`${'x'.repeat(61)}👩\u200D💻`)).toBe(`${'x'.repeat(61)}👩…`);
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(claimText(`${'x'.repeat(56)}${scotland}`)).toBe(`${'x'.repeat(56)}🏴…`);
  });
});
