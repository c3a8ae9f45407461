-- Cart changes that add (a list or a smart cart into the cart, a past order copied into it) are
-- idempotent (docs/decisions/0328): the form carries a key made when it was rendered, and the
-- first answer to a request with that key is kept here for a day, so that the same request sent
-- again (a double click, "resubmit", a retry) is answered with it instead of adding again.
-- `request` is a digest of what was asked (method, path and query, body): one page's key covers
-- its several forms. `answer` is what the change said, without the cart (a replay reads it anew).
create table cart_change_keys (
  tenant_id text not null,
  account_id text not null,
  idempotency_key text not null,
  request text not null,
  answer jsonb not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, account_id, idempotency_key, request)
);
create index cart_change_keys_created on cart_change_keys (created_at);
