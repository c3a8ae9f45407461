// Which ports a Host may name (issue #27 item 12, docs/decisions/0272). The platform knows which
// host names are shops; the port is the gateway's to judge: a Host without one, or with its
// scheme's default (a balancer on 80 or 443), the gateway's own port (PORT, or the port the
// connection came in on), or a port a balancer in front publishes (PUBLIC_PORTS). Any other port names no shop here: the request is
// refused as an unknown host is (421), before any platform call, so a visitor cannot make the
// gateway build pages, caches and sitemaps for every port number.

/** Whether the port of a well-formed Host (see target.ts's hostProblem) is one the shop is at. */
export type PortCheck = (host: string, protocol: string, localPort: number | undefined) => boolean;

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 };

export function publicPortCheck(ports: readonly number[]): PortCheck {
  const known = new Set(ports);
  return (host, protocol, localPort) => {
    const colon = host.lastIndexOf(':');
    if (colon === -1) return true;
    const port = Number(host.slice(colon + 1));
    return known.has(port) || port === localPort || port === DEFAULT_PORTS[protocol];
  };
}

/** The refusal's message: the one the platform's context gives a host that is no shop. */
export const misdirectedMessage = (host: string) => `No shop is configured for ${host}.`;

/**
 * What the operator reads beside such a refusal (logged, never answered): the port, and the setting
 * that would take it. A balancer publishing the shop at a port missing from PUBLIC_PORTS has every
 * request refused so, and the answer alone ("no shop") sent operators to the shops' hosts instead.
 */
export function misdirectedPortHint(
  host: string,
  localPort: number | undefined,
  knownPorts: readonly number[],
): string {
  const port = host.slice(host.lastIndexOf(':') + 1);
  return (
    `421 for Host ${host}: port ${port} is not one this gateway takes (PORT and PUBLIC_PORTS: ` +
    `${knownPorts.join(',')}; the connection's: ${localPort ?? 'unknown'}); if a balancer ` +
    `publishes the shop at ${port}, list it in PUBLIC_PORTS`
  );
}

/** True at most once per `intervalMs`: a line any visitor can provoke costs one a minute. */
export function atMostEvery(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < intervalMs) return false;
    last = at;
    return true;
  };
}
