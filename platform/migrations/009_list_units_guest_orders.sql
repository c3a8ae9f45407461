-- Shopping list items keep the unit they were added in, single or case (issue #29 item 1), like
-- the cart and smart carts: one row per (offering, unit); rows before this are singles.
alter table shopping_list_items add column by_case boolean not null default false;

-- Guest orders (issue #29 item 2, docs/decisions/0262): an order placed by a guest session has no
-- account yet; it names the guest's principal and the e-mail the guest gave. Creating an account
-- from the order sets account_id and clears the guest's principal (the order moves).
alter table orders alter column account_id drop not null;
alter table orders add column guest_principal_id text;
alter table orders add column guest_email text;
alter table orders add constraint orders_owner check (account_id is not null or (guest_principal_id is not null and guest_email is not null));
create unique index orders_guest_idempotency_key on orders (tenant_id, guest_principal_id, idempotency_key)
  where idempotency_key is not null and guest_principal_id is not null;
create index orders_guest on orders (guest_principal_id) where guest_principal_id is not null
