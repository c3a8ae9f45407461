-- Sign-ins through an external OpenID Connect provider, linked to an account. An account created by
-- such a sign-in has no password: password_hash is '' (verifyPassword refuses it).
create table identities (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id) on delete cascade,
  issuer text not null,
  subject text not null,
  email text not null default '',
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  unique (tenant_id, issuer, subject)
);
create index identities_account on identities (account_id);
