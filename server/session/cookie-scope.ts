// What a shop's cookies are scoped to: its scheme and host name, without the port. A browser
// sends a host's cookies to every port of it (RFC 6265 section 8.5), so a shop published on two
// ports (PUBLIC_PORTS, ADR 0272) has one set of token cookies on both. What is bound to those
// cookies, the session proof (./session-proof.ts) and the refresher's remembered outcomes
// (./refresh.ts), is bound to this rather than to the request's origin (ADR 0364). Worked out
// only when a session is set or renewed: a proxied call that does not renew never asks.

/** `https://shop.example:8443` → `https://shop.example`; an origin without a port as it is. */
export function cookieScope(shopOrigin: string): string {
  return shopOrigin.replace(/:\d*$/, '');
}
