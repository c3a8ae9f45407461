import proxyAddr from '@fastify/proxy-addr';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

// The host, protocol and address of a request as Fastify's `request.host`, `.protocol` and `.ip`
// give them (fastify/lib/request.js, with `trustProxy` a list of addresses): X-Forwarded-Host and
// -Proto only when the peer is a trusted proxy (their last entry), the client's address through
// the trusted hops of X-Forwarded-For. For the proxy's front door (ADR 0210), which runs before
// Fastify has built a request.
export type ClientAddress = { host: string | undefined; protocol: string; ip: string | undefined };

const lastEntry = (value: string) => {
  const at = value.lastIndexOf(',');
  return at === -1 ? value.trim() : value.slice(at + 1).trim();
};

export function clientAddressOf(trustProxy: readonly string[]) {
  const trust = trustProxy.length > 0 ? proxyAddr.compile([...trustProxy]) : null;
  return (req: IncomingMessage): ClientAddress => {
    const socket = req.socket as TLSSocket;
    const own = socket.encrypted ? 'https' : 'http';
    if (!trust) return { host: req.headers.host, protocol: own, ip: socket.remoteAddress };
    const peer = socket.remoteAddress;
    const trusted = peer !== undefined && trust(peer, 0);
    const forwardedHost = req.headers['x-forwarded-host'];
    const forwardedProto = req.headers['x-forwarded-proto'];
    const addresses = proxyAddr.all(req, trust);
    return {
      host: trusted && forwardedHost ? lastEntry(String(forwardedHost)) : req.headers.host,
      protocol: trusted && forwardedProto ? lastEntry(String(forwardedProto)) : own,
      ip: addresses[addresses.length - 1],
    };
  };
}
