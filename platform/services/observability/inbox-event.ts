// A stored report, as the inbox lists it (./error-inbox.ts) and its page draws it
// (./inbox-page.ts).
export type EventRow = {
  id: string;
  project_id: string;
  event_id: string;
  level: string | null;
  message: string;
  cid: string | null;
  tenant: string | null;
  route: string | null;
  user_login: string | null;
  user_email: string | null;
  platform: string | null;
  payload: unknown;
  received_at: Date | string;
};

export type InboxEvent = ReturnType<typeof toEvent>;

export function toEvent(r: EventRow) {
  return {
    id: Number(r.id),
    projectId: r.project_id,
    eventId: r.event_id,
    level: r.level,
    message: r.message,
    cid: r.cid,
    tenant: r.tenant,
    route: r.route,
    user: r.user_login || r.user_email ? { login: r.user_login, email: r.user_email } : null,
    platform: r.platform,
    receivedAt: new Date(r.received_at).toISOString(),
    event: r.payload,
  };
}
