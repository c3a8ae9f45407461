import type { FastifyBaseLogger } from 'fastify';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Reporter } from '../observability/error-reporting';
import type { RequestScope } from '../observability/scope';
import type { RenewalDeps } from '../session/access-token';
import type { TokenCookies } from '../session/cookies';
import type { HeaderPairs } from '../upstream/header-pairs';
import type { Upstreams } from '../upstream/upstreams';
import type { Breakers } from './breakers';
import type { ProxyTarget } from './targets';

// What the proxy engine (./engine.ts) is given: its dependencies, and each visitor request as a
// door hands it over. Apart from the engine, so the doors and the engine's helpers
// (./error-answers.ts) name them without importing the engine.
export type EngineDeps = {
  /** Each service's upstream: its pool (behind the guard), address and deadline. */
  upstreams: Pick<Upstreams, 'forService'>;
  breakers: Breakers;
  renewal: RenewalDeps;
  reporter: () => Reporter;
  shuttingDown(): boolean;
};

/** One visitor request to the proxy, as a door hands it to the engine. */
export type ProxyCall = {
  method: string;
  /** The visitor's request headers. */
  headers: IncomingHttpHeaders;
  /** The request body, read whole (at most the body limit) before the call, or null. */
  body: Buffer | null;
  res: ServerResponse;
  target: ProxyTarget;
  cid: string;
  shopOrigin: string;
  scope: RequestScope;
  tokens: TokenCookies;
  /** The visitor's address (as Fastify's request.ip): the failed-renewal budget's key (ADR 0357). */
  address: string | undefined;
  /**
   * The `session_proof` cookie as sent, checked against the refresh token only if the call renews
   * (a token with its proof is never refused by the budget, ADR 0357).
   */
  proof: string | undefined;
  /** The gateway's headers so far (security headers, CID). */
  own: HeaderPairs;
  log(): FastifyBaseLogger;
  /** Told once the visitor's response closed (the door's log line, say). */
  closed?(): void;
};
