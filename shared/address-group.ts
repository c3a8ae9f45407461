import { isIPv4, isIPv6 } from 'node:net';

// The one key every per-address limit counts by (issue #27 item 11, docs/decisions/0242), on the
// gateway (rate limits, report budgets, the error tunnel) and in uaa (the sign-in lockout): an IPv4
// address as it is, an IPv6 address by its /64, the block one subscriber gets (RFC 6177), so that
// the 2^64 addresses of one home or one attacker count as one. IPv4-mapped IPv6 is the IPv4
// address. The same grouping as @fastify/rate-limit's normalizeIP with its default /64.
export const IPV6_GROUP_BITS = 64;

/** The limit key of a client address; '' for none (a closed socket). */
export function addressGroup(address: string | undefined | null): string {
  if (!address) return '';
  // Every proxied call and page asks: an IPv4 address, the common case, needs no cleaning.
  if (!address.includes(':') && isIPv4(address)) return address;
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return plain.toLowerCase();
  const groups = ipv6Groups(plain);
  const mapped =
    groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
      ? `${groups[6]! >> 8}.${groups[6]! & 255}.${groups[7]! >> 8}.${groups[7]! & 255}`
      : null;
  if (mapped) return mapped;
  return `${groups
    .slice(0, IPV6_GROUP_BITS / 16)
    .map((g) => g.toString(16))
    .join(':')}::/${IPV6_GROUP_BITS}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
