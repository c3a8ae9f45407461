-- Booking-ms: one cart per (shop, principal). A principal is an account id or `guest:<uuid>`.
create table carts (
  uid text primary key,
  tenant_id text not null references tenants(id),
  principal_id text not null,
  notes jsonb not null default '[]',
  updated_at timestamptz,
  created_at timestamptz not null default now(),
  unique (tenant_id, principal_id)
);

-- An offering appears at most twice in a cart: once by the single and once by the case.
create table cart_items (
  uid text primary key,
  cart_uid text not null references carts(uid) on delete cascade,
  offering_id text not null references offerings(id),
  quantity int not null check (quantity > 0),
  by_case boolean not null,
  created_at timestamptz not null default clock_timestamp(),
  unique (cart_uid, offering_id, by_case)
);
create index cart_items_cart on cart_items (cart_uid, created_at);
