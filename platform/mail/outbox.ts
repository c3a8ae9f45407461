import type { BoundedTable } from '../db/bounded-table';
import type { Queryable } from '../db/db';

// Outgoing e-mail. The reference platform sends nothing: every message is written to the outbox
// table (inside the caller's transaction, so a rolled-back request sends no mail), and the
// development endpoint GET /dev/outbox lets tests and the demo follow the links. The outbox keeps
// PLATFORM_OUTBOX_KEEP messages, PLATFORM_OUTBOX_DAYS days (docs/decisions/0359), swept by the
// dev plugin (../services/dev/index.ts) on a timer: never inside the writer's transaction.
export const OUTBOX_TABLE: BoundedTable = { name: 'outbox', time: 'created_at' };
export type MailKind = 'activation' | 'account-exists' | 'password-reset' | 'order-confirmation';

export type OutgoingMail = {
  tenantId: string;
  to: string;
  kind: MailKind;
  subject: string;
  body: string;
  /** The link the recipient is meant to follow (activation, reset, order). */
  link?: string | null;
};

export type OutboxMessage = OutgoingMail & { id: number; createdAt: string };

export async function queueMail(q: Queryable, mail: OutgoingMail): Promise<number> {
  const { rows } = await q.query<{ id: number }>(
    `insert into outbox (tenant_id, to_email, kind, subject, body, link)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [mail.tenantId, mail.to.toLowerCase(), mail.kind, mail.subject, mail.body, mail.link ?? null],
  );
  return Number(rows[0]!.id);
}

export type OutboxFilter = { to?: string; kind?: string; tenantId?: string; limit?: number };

/** Newest first. */
export async function readOutbox(
  q: Queryable,
  filter: OutboxFilter = {},
): Promise<OutboxMessage[]> {
  const { rows } = await q.query<{
    id: number;
    tenant_id: string;
    to_email: string;
    kind: MailKind;
    subject: string;
    body: string;
    link: string | null;
    created_at: Date | string;
  }>(
    `select * from outbox
     where ($1::text is null or to_email = $1) and ($2::text is null or kind = $2)
       and ($3::text is null or tenant_id = $3)
     order by id desc limit $4`,
    [
      filter.to?.toLowerCase() ?? null,
      filter.kind ?? null,
      filter.tenantId ?? null,
      filter.limit ?? 50,
    ],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    tenantId: r.tenant_id,
    to: r.to_email,
    kind: r.kind,
    subject: r.subject,
    body: r.body,
    link: r.link,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
