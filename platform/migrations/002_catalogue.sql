-- Catalogue: brands, categories and products are shared by every shop; an offering is one shop's
-- price and availability of a product. Money is integer cents.
create table brands (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default ''
);

create table categories (
  id text primary key,
  slug text not null unique,
  name text not null,
  parent_id text references categories(id),
  position int not null default 0,
  description text not null default ''
);

-- slug may contain '/' (several path segments). search and name_search are filled by the seed
-- (they need the brand and category names, which a generated column cannot read).
create table products (
  id text primary key,
  slug text not null unique,
  name text not null,
  description text not null default '',
  brand_id text not null references brands(id),
  category_id text not null references categories(id),
  size_label text not null default '',
  image_count int not null default 1 check (image_count between 1 and 3),
  position int not null default 0,
  search tsvector,
  name_search tsvector
);

create table offerings (
  id text primary key,
  tenant_id text not null references tenants(id),
  product_id text not null references products(id),
  price_single_cents int not null check (price_single_cents > 0),
  price_case_cents int not null check (price_case_cents > 0),
  case_size int not null check (case_size > 1),
  available boolean not null default true,
  stock int not null default 0 check (stock >= 0),
  unique (tenant_id, product_id)
);

create index products_search on products using gin (search);
-- Suggestions match name prefixes only: a small index keeps them fast.
create index products_name_search on products using gin (name_search);
create index products_brand on products (brand_id);
create index products_category on products (category_id);
create index offerings_product on offerings (product_id);
