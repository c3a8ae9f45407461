import type { Page } from 'playwright-core';

// What makes a button look as the shop's: colours, border, corners, type, size.
const LOOK = [
  'background-color',
  'color',
  'border-top-color',
  'border-top-width',
  'border-top-left-radius',
  'font-family',
  'font-size',
  'font-weight',
  'padding-left',
  'min-height',
];

/**
 * The controls of `scope` (`selector` within it; `main` by default) that look as neither of the
 * shop's buttons, by name: each measured against a `.button` and a `.button.primary` put there.
 */
export function notTheShops(
  page: Page,
  selector: string,
  scope = 'main',
): Promise<{ controls: number; odd: string[] }> {
  return page.evaluate(
    ({ look, selector, scope }) => {
      const main = document.querySelector(scope)!;
      const lookOf = (el: Element) => {
        const style = getComputedStyle(el);
        return look.map((property) => style.getPropertyValue(property)).join('; ');
      };
      const house = ['button', 'button primary'].map((className) => {
        const reference = document.createElement('button');
        reference.className = className;
        main.append(reference);
        const seen = lookOf(reference);
        reference.remove();
        return seen;
      });
      const controls = [...main.querySelectorAll(selector)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const odd = controls
        .filter((el) => !house.includes(lookOf(el)))
        .map((el) => `${el.textContent?.trim()}: ${lookOf(el)}`);
      return { controls: controls.length, odd };
    },
    { look: LOOK, selector, scope },
  );
}
