import { Agent, type Dispatcher } from 'undici';
import type { Config } from '../config';

// One keep-alive connection pool to the platform, shared by the page-context calls, route data
// and the proxy. Headers every product call carries (specification section 7, brief "Contracts").
export type Platform = { baseUrl: string; dispatcher: Dispatcher };

export function createPlatform(config: Config): Platform {
  const dispatcher = new Agent({
    connect: { timeout: config.timeouts.connect },
    keepAliveTimeout: 10_000,
    connections: 128,
    pipelining: 1,
  });
  return { baseUrl: config.platformUrl, dispatcher };
}

export const CLIENT_NAME = 'cms-website';

export function productHeaders(cid: string, shopOrigin: string): Record<string, string> {
  return { 'x-correlation-id': cid, 'x-domain-origin': shopOrigin, 'x-client-name': CLIENT_NAME };
}
