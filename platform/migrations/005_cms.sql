-- CMS: content pages and policy pages (structured blocks, never raw HTML), and home page blocks.
create table cms_pages (
  tenant_id text not null references tenants(id),
  kind text not null check (kind in ('page', 'policy')),
  slug text not null,
  title text not null,
  summary text not null default '',
  body jsonb not null default '[]',
  position int not null default 0,
  updated_at timestamptz not null default now(),
  primary key (tenant_id, kind, slug)
);

create table cms_home_blocks (
  tenant_id text not null references tenants(id),
  position int not null,
  type text not null,
  data jsonb not null default '{}',
  primary key (tenant_id, position)
);

create index accounts_activation_key on accounts (activation_key) where activation_key is not null;
create index refresh_tokens_account on refresh_tokens (account_id) where account_id is not null;
