import type { Page } from 'playwright-core';

// What a phone's screen must never show, measured in the page (CSS px, not pixels of a picture):
// the page scrolling sideways; a table wider than its box without a scroll container of its own;
// a word of a table cell broken over lines; a bordered box (a card, a choice, a panel) or a
// dialog whose content spills out of it; a dialog or menu past the screen's edge; a control
// smaller than 24 x 24 (WCAG 2.5.8; links inside a line of text are exempt).
export type LayoutFaults = {
  wide: string[];
  tables: string[];
  brokenWords: string[];
  spills: string[];
  offScreen: string[];
  smallTargets: string[];
};

/** The faults of the page, or of what `scope` (a selector: a dialog, a menu) matches, and in it. */
export function layoutFaults(page: Page, scope = 'body'): Promise<LayoutFaults> {
  return page.evaluate((scope) => {
    const width = window.innerWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
    const hidden = (el: Element) => el.closest('.visually-hidden') !== null;
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const scroller = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(up).overflowX)) return up;
      return null;
    };
    const faults: LayoutFaults = {
      wide: [],
      tables: [],
      brokenWords: [],
      spills: [],
      offScreen: [],
      smallTargets: [],
    };
    const page = document.documentElement.scrollWidth;
    if (page > width) faults.wide.push(`${page} > ${width}`);

    for (const table of document.querySelectorAll(`${scope} table`)) {
      if (!shown(table)) continue;
      const own = scroller(table);
      const box = (own ?? table.parentElement!).getBoundingClientRect();
      const style = getComputedStyle(own ?? table.parentElement!);
      const [left, right] = own
        ? [0, width]
        : [
            box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
            box.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
          ];
      const at = (own ?? table).getBoundingClientRect();
      if (at.left < left - 0.5 || at.right > right + 0.5)
        faults.tables.push(`${name(table)}: ${Math.round(at.left)}..${Math.round(at.right)}`);
      // Its caption's text within the box as seen (not the width of the table scrolled).
      const caption = table.querySelector('caption');
      if (caption) {
        const text = document.createRange();
        text.selectNodeContents(caption);
        const seen = own ? own.getBoundingClientRect().right : right;
        if (text.getBoundingClientRect().right > seen + 0.5)
          faults.tables.push(`${name(caption)} runs past ${Math.round(seen)}`);
      }
      // Each word (split at spaces, hyphens and slashes) on one line.
      const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (hidden(text.parentElement!)) continue;
        for (const word of (text.textContent ?? '').matchAll(/[^ \t\n\-–/]+/g)) {
          const range = document.createRange();
          range.setStart(text, word.index);
          range.setEnd(text, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) faults.brokenWords.push(`${word[0]} in ${name(table)}`);
        }
      }
    }

    for (const el of document.querySelectorAll(`${scope}, ${scope} *`)) {
      if (!shown(el) || hidden(el) || el.matches('input, textarea, select, option')) continue;
      const style = getComputedStyle(el);
      const bordered =
        parseFloat(style.borderLeftWidth) > 0 && parseFloat(style.borderRightWidth) > 0;
      const overlay = el.matches('dialog[open], details[open] > .profile-links');
      if ((bordered && style.overflowX === 'visible') || overlay) {
        if (el.scrollWidth > el.clientWidth + 1)
          faults.spills.push(`${name(el)}: ${el.scrollWidth} > ${el.clientWidth}`);
      }
      if (overlay) {
        const box = el.getBoundingClientRect();
        if (box.left < -0.5 || box.right > width + 0.5 || box.height > window.innerHeight + 0.5)
          faults.offScreen.push(`${name(el)}: ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
    }

    const controls = 'button, summary, select, textarea, input:not([type=hidden]), a[href]';
    for (const el of document.querySelectorAll(`${scope} :is(${controls})`)) {
      if (!shown(el) || hidden(el) || el.matches('[type=checkbox], [type=radio]')) continue;
      if (el.matches('a') && getComputedStyle(el).display === 'inline') continue;
      const box = el.getBoundingClientRect();
      if (box.width < 24 || box.height < 24)
        faults.smallTargets.push(`${name(el)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return faults;
  }, scope);
}
