-- A guest's cart is deleted once no token of its session can reach it (docs/decisions/0369). A
-- cart merged at sign-in goes an access token's lifetime after the merge: the sweep reads the
-- merged carts, oldest first, through this index of them alone.
create index carts_merged on carts (merged_at) where merged_at is not null;
-- Any other guest cart goes with its session's last token, which the sweep tells it of. The carts
-- whose tokens were all deleted before this (docs/decisions/0363) are left with none to tell: they
-- go here, once. Account carts (principal: the account id) are not touched.
delete from carts cart where cart.principal_id like 'guest:%'
  and not exists (select 1 from refresh_tokens token
    where token.tenant_id = cart.tenant_id and token.principal_id = cart.principal_id);
