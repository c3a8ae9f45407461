-- The refresh tokens of ended sessions are deleted (docs/decisions/0363): the sweep reads the
-- tokens past their expiry, oldest first, through this index instead of scanning every session.
create index refresh_tokens_expires on refresh_tokens (expires_at);
