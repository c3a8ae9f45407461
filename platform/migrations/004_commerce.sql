-- Commerce: profile (delivery addresses, payment methods), delivery slots, orders, shopping lists,
-- smart carts. Money is integer cents. Offerings are referenced by id without a foreign key: an
-- order or a list keeps its lines (with a name snapshot) when the catalogue changes.

create table delivery_addresses (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  line1 text not null,
  line2 text not null default '',
  postcode text not null,
  city text not null,
  country text not null,
  phone text not null default '',
  instructions text not null default '',
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index delivery_addresses_account on delivery_addresses (account_id, tenant_id);
-- At most one default address per account.
create unique index delivery_addresses_one_default on delivery_addresses (account_id) where is_default;

-- Only what a shop may keep of a card: brand, last four digits, expiry, holder and an opaque token
-- (the payment provider's handle). The card number is never stored (docs/decisions/0062).
create table payment_methods (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id) on delete cascade,
  brand text not null check (brand in ('visa', 'mastercard', 'amex', 'other')),
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  expiry_month int not null check (expiry_month between 1 and 12),
  expiry_year int not null,
  holder_name text not null,
  token text not null unique,
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index payment_methods_account on payment_methods (account_id, tenant_id);
create unique index payment_methods_one_default on payment_methods (account_id) where is_default;

-- Per-tenant delivery rules and the daily template from which rolling slots are generated
-- (docs/decisions/0060). A slot can be booked and its orders edited until the cut-off: cutoff_time
-- on the day before the slot, in the shop's time zone (what the shop's delivery policy page says).
create table delivery_policies (
  tenant_id text primary key references tenants(id),
  time_zone text not null,
  cutoff_time time not null,
  free_from_cents int not null check (free_from_cents >= 0),
  horizon_days int not null default 7 check (horizon_days between 1 and 60)
);

create table delivery_slot_templates (
  tenant_id text not null references delivery_policies(tenant_id),
  start_time time not null,
  end_time time not null,
  capacity int not null check (capacity >= 0),
  fee_cents int not null check (fee_cents >= 0),
  primary key (tenant_id, start_time),
  check (end_time > start_time)
);

-- Concrete slots, materialised from the template on demand; ids are deterministic
-- (slot-<tenant>-<yyyymmdd>-<hhmm>), so generating twice inserts nothing.
create table delivery_slots (
  id text primary key,
  tenant_id text not null references tenants(id),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  cutoff_at timestamptz not null,
  capacity int not null check (capacity >= 0),
  fee_cents int not null check (fee_cents >= 0),
  check (ends_at > starts_at)
);
create index delivery_slots_tenant_start on delivery_slots (tenant_id, starts_at);

create table shopping_lists (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index shopping_lists_account on shopping_lists (account_id, tenant_id);

create table shopping_list_items (
  id text primary key,
  list_id text not null references shopping_lists(id) on delete cascade,
  offering_id text not null,
  quantity int not null check (quantity > 0),
  note text not null default '',
  created_at timestamptz not null default now()
);
create index shopping_list_items_list on shopping_list_items (list_id, created_at);

create table smart_carts (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index smart_carts_account on smart_carts (account_id, tenant_id);

create table smart_cart_items (
  smart_cart_id text not null references smart_carts(id) on delete cascade,
  position int not null,
  offering_id text not null,
  quantity int not null check (quantity > 0),
  by_case boolean not null default false,
  primary key (smart_cart_id, position)
);

create table orders (
  id text primary key,
  tenant_id text not null references tenants(id),
  account_id text not null references accounts(id),
  status text not null check (status in ('placed', 'cancelled', 'delivered')),
  -- Snapshots: the order shows what was chosen even after the address or card is deleted.
  address_id text,
  address jsonb not null,
  slot_id text not null references delivery_slots(id),
  payment_method_id text,
  payment jsonb not null,
  notes text not null default '',
  subtotal_cents int not null check (subtotal_cents >= 0),
  delivery_fee_cents int not null check (delivery_fee_cents >= 0),
  total_cents int not null check (total_cents >= 0),
  currency text not null,
  smart_cart_id text references smart_carts(id) on delete set null,
  cutoff_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_account_created on orders (account_id, tenant_id, created_at desc);
create index orders_slot on orders (slot_id) where status = 'placed';
create index orders_smart_cart on orders (smart_cart_id) where smart_cart_id is not null;

create table order_lines (
  order_id text not null references orders(id) on delete cascade,
  position int not null,
  offering_id text not null,
  product_id text,
  product_name text not null,
  quantity int not null check (quantity > 0),
  by_case boolean not null default false,
  unit_price_cents int not null check (unit_price_cents >= 0),
  line_total_cents int not null check (line_total_cents >= 0),
  primary key (order_id, position)
);
