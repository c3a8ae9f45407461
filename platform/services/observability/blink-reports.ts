import { z } from 'zod';
import { BlinkReport, StoredBlinkReport } from '../../../shared/contracts/blink';
import type { Queryable } from '../../db/db';
import type { ServicePlugin } from '../service';
import { requireTenant } from '../../auth/principal';
import { HttpError, notFound } from '../../http/errors';

// Reports of the gateway's /blink-test (issue #7 item 5), keyed by the CID the browser got, so
// that support can open what a shopper quotes, from any gateway replica. Per tenant. Insert-only
// (issue #27 item 10, docs/decisions/0244): the first report under a CID stays, a second is a 409,
// so nobody overwrites what support is about to read. Kept BLINK_REPORT_DAYS, then gone (the
// platform's sweep, platform/services/swept-tables.ts).
const CidParam = z.object({ cid: z.string().regex(/^[A-Za-z0-9]{32}$/) });

/**
 * How long a report is kept (docs/decisions/0345): long enough for a support case, and the table
 * no longer grows for as long as the shop runs (anyone may store one, 10 a minute per address).
 */
export const BLINK_REPORT_DAYS = 30;

/** Deletes the reports past their days (the platform's sweep, every minute); how many. */
export async function purgeOldReports(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    `with gone as (
       delete from blink_reports where created_at < now() - make_interval(days => $1) returning 1)
     select count(*)::int as n from gone`,
    [BLINK_REPORT_DAYS],
  );
  return rows[0]?.n ?? 0;
}

const diagnostics: ServicePlugin = async (app, { db }) => {
  app.put(
    '/blink-reports/:cid',
    {
      schema: {
        summary: 'Store a blink-test report (the first under a CID; another is refused, 409)',
        tags: ['diagnostics'],
        params: CidParam,
        body: BlinkReport,
        response: { 204: z.void() },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { cid } = request.params;
      const report = request.body;
      const { rows } = await db.query(
        `insert into blink_reports (cid, tenant_id, report) values ($1, $2, $3)
         on conflict (cid) do nothing returning cid`,
        [cid, tenant.id, JSON.stringify(report)],
      );
      if (rows.length === 0)
        throw new HttpError(409, 'report_exists', 'A report is already stored under this CID');
      return reply.status(204).send();
    },
  );

  app.get(
    '/blink-reports/:cid',
    {
      schema: {
        summary: 'A blink-test report',
        tags: ['diagnostics'],
        params: CidParam,
        response: { 200: StoredBlinkReport },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { cid } = request.params;
      const { rows } = await db.query<{ report: unknown; created_at: Date | string }>(
        `select report, created_at from blink_reports where cid = $1 and tenant_id = $2
         and created_at >= now() - make_interval(days => $3)`,
        [cid, tenant.id, BLINK_REPORT_DAYS],
      );
      const row = rows[0];
      if (!row) throw notFound('No report with this CID');
      const report = typeof row.report === 'string' ? JSON.parse(row.report) : row.report;
      return { cid, createdAt: new Date(row.created_at).toISOString(), report };
    },
  );
};
export default diagnostics;
