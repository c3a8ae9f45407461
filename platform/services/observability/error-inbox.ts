import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServicePlugin } from '../service';
import { badRequest, parse } from '../../http/errors';
import { keepBounded } from '../retention-sweep';
import { decodeBody, parseEnvelope, summarise } from './envelope';
import { fingerprintOf } from './fingerprint';
import { toEvent, type EventRow } from './inbox-event';
import { fillFingerprints, fillLateFingerprints, listGroups } from './inbox-groups';
import { renderInboxPage } from './inbox-page';
import { SentryEvent } from './sentry-event';

// The local error inbox (issue #7 item 3): a Sentry-compatible envelope endpoint, so `npm start`
// runs with SENTRY_DSN=http://<any key>@127.0.0.1:4000/dev/errors/1 and a newcomer sees the
// reports without an account anywhere. GET /dev/errors lists them (HTML for a browser, JSON
// otherwise), like /dev/outbox for e-mail, with the events grouped by fingerprint and counted
// (./fingerprint.ts, ./inbox-groups.ts: over the newest 5,000 events; each event's fingerprint
// stored with it, docs/decisions/0362). On only with PLATFORM_ERROR_INBOX (default: with the dev
// endpoints). It keeps PLATFORM_ERROR_INBOX_KEEP reports, PLATFORM_ERROR_INBOX_DAYS
// days (docs/decisions/0359): the shipped deployments feed it every browser's reports.
const ListQuery = z.object({
  cid: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const MAX_ENVELOPE = 1024 * 1024;

const errorInbox: ServicePlugin = async (app, { db, config }) => {
  if (!config.errorInbox) return;
  const table = { name: 'error_events', time: 'received_at' } as const;
  const bounded = keepBounded(app, db, table, config.errorInboxRetention);
  // Reports stored before migration 026 have no fingerprint: filled before the platform listens,
  // once the retention's first sweep has started (a grown inbox is cut down meanwhile).
  app.addHook('onReady', async () => {
    const filled = await fillFingerprints(db);
    if (filled > 0) app.log.info({ filled }, 'error inbox: fingerprints filled');
  });

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_ENVELOPE },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      '/api/:project/envelope/',
      {
        schema: {
          summary: 'Sentry envelope intake (development)',
          tags: ['dev'],
          // Sentry's protocol (its URL ends in a slash), not ours: left out of the document.
          hide: true,
          params: z.object({ project: z.string().regex(/^\d{1,12}$/, 'Unknown project') }),
        },
      },
      async (request, reply) => {
        if (!Buffer.isBuffer(request.body)) throw badRequest('Empty envelope');
        let envelope;
        try {
          envelope = parseEnvelope(
            decodeBody(request.body, request.headers['content-encoding'] as string | undefined),
          );
        } catch {
          throw badRequest('Malformed envelope');
        }
        // Every event is checked before any is stored: a bad one refuses the envelope (400).
        const events = envelope.items
          .filter((item) => item.type === 'event' && item.payload)
          .map((item) => ({
            payload: item.payload,
            event: parse(SentryEvent, item.payload, 'event'),
          }));
        const ids: string[] = [];
        let newest = 0;
        for (const { payload, event } of events) {
          const s = summarise(event);
          const { rows } = await db.query<{ id: number }>(
            `insert into error_events (project_id, event_id, level, message, cid, tenant, route,
               user_login, user_email, platform, payload, fingerprint)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id::float8 as id`,
            [
              request.params.project,
              s.eventId,
              s.level,
              s.message.slice(0, 2000),
              s.cid,
              s.tenant,
              s.route,
              s.userLogin,
              s.userEmail,
              s.platform,
              JSON.stringify(payload),
              fingerprintOf(payload),
            ],
          );
          newest = rows[0]!.id;
          ids.push(s.eventId);
        }
        if (ids.length > 0) await bounded.inserted(newest);
        request.log.info({ events: ids }, 'error inbox: envelope received');
        return reply.send({ id: ids[0] ?? null });
      },
    );
  });

  app.get(
    '/',
    {
      schema: {
        summary: 'Error reports received, newest first (development)',
        tags: ['dev'],
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const query = request.query;
      // An older platform on the same server may have written reports since this one started.
      const filled = await fillLateFingerprints(db);
      if (filled > 0) request.log.info({ filled }, 'error inbox: fingerprints filled');
      const { rows } = await db.query<EventRow>(
        `select * from error_events where ($1::text is null or cid = $1)
         order by id desc limit $2`,
        [query.cid ?? null, query.limit],
      );
      const events = rows.map(toEvent);
      const groups = await listGroups(db, query.cid ?? null);
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('text/html')) {
        return reply.type('text/html; charset=utf-8').send(renderInboxPage(events, groups));
      }
      return { events, groups };
    },
  );
};
export default errorInbox;
