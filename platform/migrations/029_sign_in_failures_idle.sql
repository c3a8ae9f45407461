-- The sweep deletes the sign-in failure counts that no longer count (docs/decisions/0363, 0374):
-- an e-mail's ceiling row ('*') idle past its hour, any other idle past its day. Without an index
-- on updated_at it read the whole table every minute. One index for each window: a single one
-- would be read from an hour back, the day's per-address rows with it.
create index sign_in_failures_ceiling_idle on sign_in_failures (updated_at) where source = '*';
create index sign_in_failures_idle on sign_in_failures (updated_at) where source <> '*';
