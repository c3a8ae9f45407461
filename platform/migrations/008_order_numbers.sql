-- Short order numbers (docs/decisions/0165): per shop, sequential from 10001, what the shopper
-- sees ("Order 10042") while URLs and the API keep the id. One counter row per shop, bumped in
-- the order's transaction (the row lock makes concurrent orders take turns). Orders placed
-- before this migration are numbered in the order they were placed.
alter table orders add column number int;
update orders o set number = 10000 + r.n
  from (select id, row_number() over (partition by tenant_id order by created_at, id) as n from orders) r
  where r.id = o.id;
alter table orders alter column number set not null;
create unique index orders_tenant_number on orders (tenant_id, number);
create table order_numbers (
  tenant_id text primary key references tenants(id),
  last_number int not null check (last_number > 0)
);
insert into order_numbers (tenant_id, last_number)
  select tenant_id, max(number) from orders group by tenant_id;
