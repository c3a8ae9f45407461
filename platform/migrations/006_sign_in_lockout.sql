-- Per-account sign-in lockout (docs/decisions/0131): attempts counted per shop and e-mail, known or
-- not, so the answer never tells which e-mails have accounts.
create table sign_in_attempts (
  tenant_id text not null references tenants(id),
  email text not null,
  attempts integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, email)
);
