// A stored commerce event, as the inbox lists it (./analytics-inbox.ts) and its page draws it
// (./analytics-page.ts).
export type Row = {
  id: string;
  name: string;
  cid: string | null;
  tenant: string | null;
  page: string | null;
  params: Record<string, unknown>;
  received_at: Date | string;
};
export type StoredEvent = ReturnType<typeof toEvent>;
export const toEvent = (r: Row) => ({
  id: Number(r.id),
  name: r.name,
  cid: r.cid,
  tenant: r.tenant,
  page: r.page,
  params: r.params,
  receivedAt: new Date(r.received_at).toISOString(),
});
