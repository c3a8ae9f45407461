import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { request as undiciRequest } from 'undici';
import { addressGroup } from '../../shared/address-group';
import { scrubEvent } from '../../shared/report-scrub';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import { ERROR_EVENT_BUDGET } from '../limits/page-budgets';

// POST /monitoring: the browser's Sentry tunnel (issue #7 item 2). Same origin, so
// `connect-src 'self'` holds and content blockers do not drop the reports. Only envelopes for the
// configured public DSN pass (same key and project), at most 64 KiB each; each event gets the
// tunnel request's CID and is scrubbed once more. Only envelopes holding an event go on, 30 a
// minute per client address (an IPv6 /64 counting as one, docs/decisions/0242), counted by the
// rate limiter, in Redis when replicas share it (app.limits, 'error-event'): one without (a
// session, a client report) is answered and dropped, so page loads cannot use up the budget of a
// real exception (ADR 0303). Reading an envelope costs up to a few milliseconds (a 64 KiB one,
// parsed and scrubbed): every post counts against a looser bound of this process's first (its
// own CPU is what it guards), and an address whose events are spent is refused an event before
// its envelope is read.
export const TUNNEL_PATH = '/monitoring';
const MAX_ENVELOPE = 64 * 1024;
const POSTS_PER_MINUTE = 8 * ERROR_EVENT_BUDGET.max;

/** Per client address, what it sent in the current minute. */
function minuteCounts() {
  const seen = new LRUCache<string, { start: number; count: number }>({ max: 10_000 });
  return {
    /** Counts one more; false when that is over `limit` this minute. */
    take(client: string, limit: number, now: number): boolean {
      const entry = seen.get(client);
      if (!entry || now - entry.start > 60_000) seen.set(client, { start: now, count: 1 });
      else if (++entry.count > limit) return false;
      return true;
    },
  };
}

type Dsn = { key: string; project: string; host: string; ingest: string };

export function parseDsn(dsn: string): Dsn {
  const url = new URL(dsn);
  const path = url.pathname.replace(/\/+$/, '');
  const slash = path.lastIndexOf('/');
  const project = path.slice(slash + 1);
  const prefix = path.slice(0, slash);
  return {
    key: url.username,
    project,
    host: url.host,
    ingest: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/?sentry_key=${url.username}`,
  };
}

export type Envelope = { body: string; events: number };

/**
 * The envelope with the CID added to, and secrets scrubbed from, its events, and how many events
 * it holds; null if refused.
 * `tenant`: the shop's tenant id as the gateway knows it, the one `tenant` tag of every report
 * (whatever the browser sent; none while unknown).
 */
export function rewriteEnvelope(raw: string, dsn: Dsn, cid: string, tenant = ''): Envelope | null {
  const lines = raw.split('\n');
  let header: { dsn?: string };
  try {
    header = JSON.parse(lines[0] ?? '') as { dsn?: string };
  } catch {
    return null;
  }
  if (!header.dsn) return null;
  let sent: Dsn;
  try {
    sent = parseDsn(header.dsn);
  } catch {
    return null;
  }
  if (sent.key !== dsn.key || sent.project !== dsn.project) return null;
  const out = [lines[0]!];
  let events = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    let item: { type?: string; length?: number };
    try {
      item = line ? (JSON.parse(line) as typeof item) : {};
    } catch {
      return null;
    }
    // Items with a length may hold anything: only known line items pass.
    if (!line) continue;
    const payload = lines[++i] ?? '';
    if (typeof item.length === 'number' && Buffer.byteLength(payload) !== item.length) return null;
    if (item.type === 'event') {
      let event: { tags?: Record<string, string> };
      try {
        event = JSON.parse(payload) as typeof event;
      } catch {
        return null;
      }
      event.tags = { ...event.tags, tunnel_cid: cid };
      event.tags.cid ??= cid;
      if (tenant) event.tags.tenant = tenant;
      else delete event.tags.tenant;
      const body = JSON.stringify(scrubEvent(event));
      out.push(JSON.stringify({ type: 'event', length: Buffer.byteLength(body) }), body);
      events += 1;
    } else {
      out.push(line, payload);
    }
  }
  return { body: `${out.join('\n')}\n`, events };
}

/**
 * `tenantOf`: the tenant id of a shop origin this process has not learned from a page yet (the
 * one `tenant` tag of a report; ../page/tenant-lookup.ts), asked only for an envelope that holds
 * an event within its budget.
 */
export async function tunnelRoute(
  app: FastifyInstance,
  config: Config,
  tenantOf: (shopOrigin: string) => Promise<string>,
): Promise<void> {
  if (!config.sentryPublicDsn) return;
  const dsn = parseDsn(config.sentryPublicDsn);
  const posts = minuteCounts();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: MAX_ENVELOPE },
      (_r, body, done) => done(null, body),
    );
    scope.post(TUNNEL_PATH, async (request, reply) => {
      const now = Date.now();
      const client = addressGroup(request.ip);
      const limited = () => jsonError(reply, 429, 'rate_limited', 'Too many error reports');
      if (!posts.take(client, POSTS_PER_MINUTE, now)) return limited();
      const raw = typeof request.body === 'string' ? request.body : '';
      const hasEvent = raw.includes('"type":"event"');
      if (hasEvent && (await app.limits.spent('error-event', request))) return limited();
      const scope = request.scope;
      if (scope && !scope.tenant && hasEvent) scope.tenant = await tenantOf(request.shopOrigin); // learned when the request ends
      const envelope = rewriteEnvelope(raw, dsn, request.cid, scope?.tenant);
      if (!envelope) return jsonError(reply, 400, 'bad_envelope', 'Not an envelope for this shop');
      // Answered, so the SDK neither retries it nor backs off from the next event.
      if (!envelope.events) return reply.status(200).send({ ok: true });
      if (!(await app.limits.take('error-event', request)).ok) return limited();
      try {
        const answer = await undiciRequest(dsn.ingest, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body: envelope.body,
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        });
        await answer.body.dump();
        return reply
          .status(answer.statusCode < 400 ? 200 : 502)
          .send({ ok: answer.statusCode < 400 });
      } catch (error) {
        request.log.warn({ err: error }, 'error report tunnel: Sentry not reachable');
        return jsonError(reply, 502, 'upstream_unreachable', 'Error reporting is unreachable');
      }
    });
  });
}
