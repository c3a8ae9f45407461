-- Sign-in lockout per (e-mail, client address) (docs/decisions/0241, replaces 0131's per-e-mail
-- count): one row per shop, e-mail and source. A source is the client's address group (IPv4, or
-- an IPv6 /64), '*' for the e-mail's ceiling over every address, or 'session:<id>' for the
-- current-password check of a signed-in session. Counted for unknown e-mails too.
drop table sign_in_attempts;
create table sign_in_failures (
  tenant_id text not null references tenants(id),
  email text not null,
  source text not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, email, source)
);
