-- The local error inbox (Sentry envelopes the gateway and browsers send in development) and the
-- reports of /blink-test, stored here so that every gateway replica sees them (issue #7).
create table error_events (
  id bigserial primary key,
  project_id text not null,
  event_id text not null,
  level text,
  message text not null,
  cid text,
  tenant text,
  route text,
  user_login text,
  user_email text,
  platform text,
  payload jsonb not null,
  received_at timestamptz not null default now()
);
create index error_events_cid on error_events (cid);

create table blink_reports (
  cid text primary key,
  tenant_id text not null,
  report jsonb not null,
  created_at timestamptz not null default now()
);
