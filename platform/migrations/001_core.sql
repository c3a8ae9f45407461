-- Core: tenants, accounts, token signing keys and sessions, e-mail outbox.
create table tenants (
  id text primary key,
  host text not null unique,
  origin text not null,
  name text not null,
  currency text not null,
  locale text not null,
  theme jsonb not null default '{}',
  navigation jsonb not null default '[]',
  footer jsonb not null default '[]'
);

create table accounts (
  id text primary key,
  tenant_id text not null references tenants(id),
  email text not null,
  login text not null,
  password_hash text not null,
  first_name text not null default '',
  last_name text not null default '',
  phone text not null default '',
  activated boolean not null default false,
  activation_key text unique,
  reset_key text unique,
  reset_expires_at timestamptz,
  created_at timestamptz not null default now(),
  unique (tenant_id, email)
);

create table signing_keys (
  kid text primary key,
  private_jwk jsonb not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now()
);

-- One row per issued refresh token; rotation marks the old one used (reuse is refused).
create table refresh_tokens (
  token_hash text primary key,
  family_id text not null,
  tenant_id text not null references tenants(id),
  principal_id text not null,
  account_id text references accounts(id),
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);

create table outbox (
  id bigserial primary key,
  tenant_id text not null references tenants(id),
  to_email text not null,
  kind text not null,
  subject text not null,
  body text not null,
  link text,
  created_at timestamptz not null default now()
);
