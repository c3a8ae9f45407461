-- The local analytics inbox (issue #29 item 3): the commerce events the gateway forwards after a
-- shopper's consent, with the page's CID and the shop's tenant; no account, e-mail or address.
create table analytics_events (
  id bigserial primary key,
  name text not null,
  cid text,
  tenant text,
  page text,
  params jsonb not null,
  received_at timestamptz not null default now()
);
create index analytics_events_cid on analytics_events (cid);
