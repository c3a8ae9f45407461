-- Placing an order is idempotent (docs/decisions/0140): the checkout form carries a key made when
-- the form was rendered; a replayed or retried submission with the same key finds the first order
-- instead of placing a second. Keys are scoped to the shop and the account.
alter table orders add column idempotency_key text;
create unique index orders_idempotency_key on orders (tenant_id, account_id, idempotency_key)
  where idempotency_key is not null;
