import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CacheStatus } from './subrequest-cache';

// What the sub-request cache did for one request, sent as `X-Subrequest-Cache: hit=2 stale=0
// miss=1` (no header when the request made no cacheable call).
const tallies = new WeakMap<FastifyRequest, Record<Exclude<CacheStatus, 'bypass'>, number>>();

export function countCache(request: FastifyRequest, status: CacheStatus): void {
  if (status === 'bypass') return;
  let tally = tallies.get(request);
  if (!tally) tallies.set(request, (tally = { hit: 0, stale: 0, miss: 0 }));
  tally[status] += 1;
}

export function sendCacheTally(request: FastifyRequest, reply: FastifyReply): void {
  const tally = tallies.get(request);
  if (tally)
    reply.header('x-subrequest-cache', `hit=${tally.hit} stale=${tally.stale} miss=${tally.miss}`);
}
