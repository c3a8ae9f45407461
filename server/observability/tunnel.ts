import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { request as undiciRequest } from 'undici';
import { addressGroup } from '../../shared/address-group';
import { scrubEvent } from '../../shared/report-scrub';
import { visibleText } from '../../shared/visible-text';
import { reportedUser, type ReportUser } from '../../shared/report-user';
import type { Config } from '../config';
import { jsonError } from '../errors/json-error';
import { ERROR_EVENT_BUDGET } from '../limits/page-budgets';
import { checkClaims } from './report-claims';
import type { RunningBuild, ServedBuild } from './running-build';
import { scopeUser } from './scope';

// POST /monitoring: the browser's Sentry tunnel (issue #7 item 2). Same origin, so
// `connect-src 'self'` holds and content blockers do not drop the reports. Only envelopes for the
// configured public DSN pass (same key and project), at most 64 KiB each, and only their one event
// goes on, with the tunnel request's CID and the tenant, shop and visitor the gateway knows
// (whatever the browser claimed: ADRs 0337, 0373) and the gateway's environment, its release, CIDs,
// route and any `build` or `fault` tag as the browser named them only when they are of a form the
// shop gives, the route as the request line names it (ADRs 0365, 0368, 0373), scrubbed once
// more. Only envelopes holding an event go on, 30 a minute per client address (an IPv6 /64 counting
// as one, docs/decisions/0242), by the rate limiter, in Redis when replicas share it (app.limits,
// 'error-event'): one without (a session, a client report) is answered and dropped, so page loads
// cannot use up the budget of a real exception (ADR 0303). Reading an envelope costs up to a few
// milliseconds (a 64 KiB one, parsed and scrubbed): every post counts against a looser bound of
// this process's first (its own CPU is what it guards), and an address whose events are spent is
// refused an event before its envelope is read. A Host the shop context says is no shop is refused
// with the JSON 421 a page of it gets (ADR 0126), as the analytics route refuses it (ADR 0357):
// once known, before its envelope is read; else after the one lookup, before its event counts
// against the address (ADR 0364: a Host that is no shop spends no shopper's budget; the lookup is
// bounded by this process's looser count of posts per address, and costs what a page of that Host
// costs).
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

/** What of a browser's envelope may go on: its header line and its one event, if it holds one. */
export type Envelope = { header: string; event: Record<string, unknown> | null };

/** Who and where a forwarded event is, as the gateway knows it (never as the browser says). */
export type EventStamp = {
  /** The tunnel request's CID (`tunnel_cid`, and `cid` when the event names none). */
  cid: string;
  /** The shop's tenant id, the one `tenant` tag of every report (none while unknown). */
  tenant: string;
  /** The signed-in visitor of the request's token cookies; null: a guest, or not known. */
  user: ReportUser | null;
  /** The build this process serves (undefined while not known). */
  build: ServedBuild | undefined;
  /** The request's shop host, the `shop` tag of every report ('' while not known). */
  shop: string;
  /** The gateway's environment (NODE_ENV), the one its own reports name (./error-reporting.ts). */
  environment: string;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The envelope's header and event, or null when it is refused: not an envelope for this DSN, an
 * item that does not parse, an event that is not a JSON object, or more than one event (Sentry
 * takes at most one per envelope, and the SDK sends one: several would each pass on one unit of
 * the address's budget). Items of any other type (a transaction, a session, feedback, an
 * attachment) are dropped: the SDK as the shop starts it sends none, and they would pass on
 * unscrubbed, naming any user or tenant.
 */
export function readEnvelope(raw: string, dsn: Dsn): Envelope | null {
  const lines = raw.split('\n');
  let header: { dsn?: string };
  try {
    header = JSON.parse(lines[0] ?? '') as { dsn?: string };
  } catch {
    return null;
  }
  if (!isObject(header) || typeof header.dsn !== 'string') return null;
  let sent: Dsn;
  try {
    sent = parseDsn(header.dsn);
  } catch {
    return null;
  }
  if (sent.key !== dsn.key || sent.project !== dsn.project) return null;
  let event: Record<string, unknown> | null = null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) continue;
    let item: unknown;
    try {
      item = JSON.parse(line);
    } catch {
      return null;
    }
    if (!isObject(item)) return null;
    // Items with a length may hold anything: only items of one line pass.
    const payload = lines[++i] ?? '';
    if (typeof item.length === 'number' && Buffer.byteLength(payload) !== item.length) return null;
    if (item.type !== 'event') continue;
    if (event) return null;
    try {
      event = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return null;
    }
    if (!isObject(event)) return null;
  }
  return { header: lines[0]!, event };
}

/**
 * The envelope passed on: its event with the gateway's CID, tenant, shop, visitor and environment
 * in place of what the browser said of them (a page of this shop names the same; anyone else could
 * name any shopper, or file it under any environment), its release, CIDs, route, build and fault
 * checked (./report-claims.ts), scrubbed once more, its hidden characters replaced.
 */
export function writeEnvelope(header: string, event: Record<string, unknown>, stamp: EventStamp) {
  const tags: Record<string, unknown> = { ...(isObject(event.tags) ? event.tags : {}) };
  const stamped: Record<string, unknown> = { ...event, tags };
  checkClaims(stamped, tags, stamp);
  stamped.environment = stamp.environment;
  tags.tunnel_cid = stamp.cid;
  tags.cid ??= stamp.cid;
  if (stamp.tenant) tags.tenant = stamp.tenant;
  else delete tags.tenant;
  delete stamped.user;
  if (stamp.user) stamped.user = reportedUser(stamp.user);
  // Whatever the browser wrote, at any depth, shown to operators without its hidden characters
  // (docs/decisions/0387): none has a meaning outside a JSON string, so the text stays JSON.
  const body = visibleText(JSON.stringify(scrubEvent(stamped)));
  return `${header}\n${JSON.stringify({ type: 'event', length: Buffer.byteLength(body) })}\n${body}\n`;
}

/**
 * `tenantOf`: the tenant id of a shop origin this process has not learned from a page yet (the
 * one `tenant` tag of a report; ../page/tenant-lookup.ts), asked only for an envelope that holds
 * an event within its budget; and whether that origin is, it said, no shop. `build`: the build
 * this process serves, whose id a report's release may name and whose route ids its route tag
 * (./running-build.ts).
 */
/**
 * The shop lookup of ../page/tenant-lookup.ts as this route uses it (written here: observability
 * does not import page/, whose requests it observes).
 */
type ShopLookup = ((shopOrigin: string) => Promise<string>) & {
  noShop(shopOrigin: string): boolean;
};

export async function tunnelRoute(
  app: FastifyInstance,
  config: Config,
  tenantOf: ShopLookup,
  build: RunningBuild,
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
      const misdirected = () =>
        jsonError(reply, 421, 'misdirected_request', 'No shop is configured for this address');
      if (tenantOf.noShop(request.shopOrigin)) return misdirected();
      const raw = typeof request.body === 'string' ? request.body : '';
      const hasEvent = raw.includes('"type":"event"');
      if (hasEvent && (await app.limits.spent('error-event', request))) return limited();
      const envelope = readEnvelope(raw, dsn);
      if (!envelope) return jsonError(reply, 400, 'bad_envelope', 'Not an envelope for this shop');
      // Answered, so the SDK neither retries it nor backs off from the next event.
      if (!envelope.event) return reply.status(200).send({ ok: true });
      // Where, looked up for an event from an address with budget left (the tenant is learned
      // when the request ends), before the event counts: a Host that is no shop spends nothing.
      const scope = request.scope;
      if (scope && !scope.tenant) scope.tenant = await tenantOf(request.shopOrigin);
      if (tenantOf.noShop(request.shopOrigin)) return misdirected();
      if (!(await app.limits.take('error-event', request)).ok) return limited();
      // Who: the visitor costs an account call, made quietly, only for an event within budget.
      const body = writeEnvelope(envelope.header, envelope.event, {
        cid: request.cid,
        tenant: scope?.tenant ?? '',
        user: scope ? await scopeUser(scope) : null,
        build: await build.read(),
        shop: scope?.shop ?? '',
        environment: config.env,
      });
      try {
        const answer = await undiciRequest(dsn.ingest, {
          method: 'POST',
          headers: { 'content-type': 'application/x-sentry-envelope' },
          body,
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
