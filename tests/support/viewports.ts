// The two sizes the shop is checked at (issue #9): a phone and a desktop.
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

// The narrowest phones (issue: a shopper on a phone): 360 px, the commonest Android width, and
// 320 px, the narrowest still in use. tests/e2e/ux-narrow-phones*.test.ts.
export const NARROW_PHONES = {
  '360 px': { width: 360, height: 740 },
  '320 px': { width: 320, height: 740 },
} as const;
