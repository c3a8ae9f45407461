-- A guest's cart merged at sign-in is kept, empty, and marked merged instead of deleted
-- (docs/decisions/0323): a change the guest's session sent just before the sign-in then finds it
-- and is refused (409), where a deleted cart made it fail (500, PostgreSQL) or start a new guest
-- cart that nobody would read again (the line lost).
alter table carts add column merged_at timestamptz;
