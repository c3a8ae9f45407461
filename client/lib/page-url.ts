// The page a request is for. React Router's data requests (`/orders.data?_routes=...`) stand for
// the page `/orders`; `/_root.data` for `/`.
export function pageUrl(requestUrl: string): URL {
  const url = new URL(requestUrl);
  if (url.pathname === '/_root.data') url.pathname = '/';
  else if (url.pathname.endsWith('.data')) url.pathname = url.pathname.slice(0, -'.data'.length);
  url.searchParams.delete('_routes');
  return url;
}
