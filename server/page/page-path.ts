/** The page's path: React Router data requests (`/x.data`) stand for the page `/x`. */
export function pagePathname(rawUrl: string): string {
  const pathname = rawUrl.split('?')[0] ?? '/';
  if (pathname === '/_root.data') return '/';
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
}
