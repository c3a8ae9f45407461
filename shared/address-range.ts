import { isIP } from 'node:net';

// Trusted-proxy settings (the gateway's TRUST_PROXY, the platform's PLATFORM_TRUST_PROXY) are
// checked by value, not only by shape: proxy-addr throws on an address such as 10.0.0.300 when the
// app is built, a crash that does not name the setting.

/** An IP address, or a CIDR range whose prefix fits its family (10.0.0.0/8, fd00::/8). */
export function isAddressOrRange(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return (
    prefix === undefined ||
    (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128))
  );
}
