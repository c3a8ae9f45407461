import { z } from 'zod';
import type { ServicePlugin } from '../service';
import { keepBounded } from '../retention-sweep';
import { renderAnalyticsPage } from './analytics-page';
import { toEvent, type Row } from './stored-event';

// The local analytics inbox (issue #29 item 3, ADR 0265): the sink the gateway forwards consented
// commerce events to by default (ANALYTICS_SINK_URL), so `npm start` shows them without any third
// party. POST /dev/analytics/events stores a batch; GET /dev/analytics lists them, newest first
// (HTML for a browser, JSON otherwise), like the error inbox. On with the error inbox
// (PLATFORM_ERROR_INBOX, default: with the dev endpoints). It keeps PLATFORM_ANALYTICS_KEEP
// events, PLATFORM_ANALYTICS_DAYS days (docs/decisions/0359): the shipped deployments feed
// it every consented shopper's events.
const Param = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
const Item = z.record(z.string().max(40), Param);
const Event = z.object({
  name: z.string().regex(/^[a-z_]{1,40}$/, 'An event name is lower case with underscores'),
  cid: z.string().max(64).nullable().optional(),
  tenant: z.string().max(100).nullable().optional(),
  page: z.string().max(500).nullable().optional(),
  params: z.record(z.string().max(40), z.union([Param, z.array(Item).max(50)])),
});
export type AnalyticsEvent = z.infer<typeof Event>;
const Batch = z.object({ events: z.array(Event).min(1).max(25) });
const ListQuery = z.object({
  cid: z.string().max(64).optional(),
  name: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const analyticsInbox: ServicePlugin = async (app, { db, config }) => {
  if (!config.errorInbox) return;
  const table = { name: 'analytics_events', time: 'received_at' } as const;
  const bounded = keepBounded(app, db, table, config.analyticsInboxRetention);

  app.post(
    '/events',
    {
      schema: {
        summary: 'Commerce events forwarded by the gateway (development)',
        tags: ['dev'],
        body: Batch,
      },
    },
    async (request, reply) => {
      let newest = 0;
      for (const event of request.body.events) {
        const { rows } = await db.query<{ id: number }>(
          `insert into analytics_events (name, cid, tenant, page, params)
           values ($1, $2, $3, $4, $5) returning id::float8 as id`,
          [
            event.name,
            event.cid ?? null,
            event.tenant ?? null,
            event.page ?? null,
            JSON.stringify(event.params),
          ],
        );
        newest = rows[0]!.id;
      }
      await bounded.inserted(newest);
      return reply.status(202).send({ stored: request.body.events.length });
    },
  );

  app.get(
    '/',
    {
      schema: {
        summary: 'Analytics events received, newest first (development)',
        tags: ['dev'],
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const { cid, name, limit } = request.query;
      const { rows } = await db.query<Row>(
        `select * from analytics_events
         where ($1::text is null or cid = $1) and ($2::text is null or name = $2)
         order by id desc limit $3`,
        [cid ?? null, name ?? null, limit],
      );
      const events = rows.map(toEvent);
      reply.header('cache-control', 'no-store');
      if ((request.headers.accept ?? '').includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(renderAnalyticsPage(events));
      return { events };
    },
  );
};
export default analyticsInbox;
