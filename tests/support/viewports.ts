// The two sizes the shop is checked at (issue #9): a phone and a desktop.
export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;
