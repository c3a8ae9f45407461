// Why the gateway could not listen, in words that name the setting to change. A gateway that never
// listened has no traffic to drain: it exits 1 at once with this message, not after the shutdown
// delay meant for a load balancer to stop sending to a running instance (./gateway-process.ts).

/** Where the gateway was told to listen (PORT, HOST; METRICS_PORT, METRICS_HOST for /metrics). */
export type ListenAddress = { port: number; host: string };
/** The settings that name the address. */
export type ListenSettings = { port: string; host: string };
const SHOP: ListenSettings = { port: 'PORT', host: 'HOST' };
/** The metrics port's settings (./gateway-process.ts). */
export const METRICS_SETTINGS: ListenSettings = { port: 'METRICS_PORT', host: 'METRICS_HOST' };

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

/** The cause, one line per setting it concerns, for stderr. */
export function listenFailureMessage(
  error: unknown,
  at: ListenAddress,
  named: ListenSettings = SHOP,
): string {
  const { port, host } = named;
  const where = `port ${at.port} (${port}) on ${at.host} (${host})`;
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return `The gateway did not start: ${where} is already in use by another process (another gateway?). Stop it, or set another ${port}.`;
    case 'EACCES':
      return `The gateway did not start: it may not listen on ${where} (ports below 1024 need privileges). Set a ${port} from 1024.`;
    case 'EADDRNOTAVAIL':
      return `The gateway did not start: ${at.host} (${host}) is not an address of this machine. Set ${host} to one of its addresses, or 0.0.0.0 for all.`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The gateway did not start: ${at.host} (${host}) is not a name this machine resolves. Set ${host} to an address, or 0.0.0.0 for all.`;
    default:
      return `The gateway did not start: listening on ${where} failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The warning of a gateway whose metrics port is taken (another gateway on this host): it runs,
 * without /metrics. "metrics port not available" named neither the port nor the setting, and a
 * second gateway on one host with the same METRICS_PORT is the usual cause.
 */
export function metricsOffMessage(at: ListenAddress): string {
  const { port, host } = METRICS_SETTINGS;
  return (
    `Metrics are off: port ${at.port} (${port}) on ${at.host} (${host}) is already in use ` +
    `(another gateway on this host?). Give each gateway its own ${port}, or ${port}=0 to run without metrics.`
  );
}
