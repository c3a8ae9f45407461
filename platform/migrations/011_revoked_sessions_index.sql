-- The session check on every token use (docs/decisions/0243) asks whether a session (refresh-token
-- family) has a revoked row: an index of the revoked rows only answers with one probe, however
-- many times a live session was renewed.
create index refresh_tokens_revoked_family on refresh_tokens (family_id) where revoked_at is not null;
