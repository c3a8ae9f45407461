-- The reuse window (docs/decisions/0220): a rotated refresh token keeps the pair that replaced it,
-- sealed with a key only the rotated token's holder can derive, so that presenting it again within
-- REFRESH_REUSE_WINDOW_SECONDS hands back the same pair instead of rotating twice.
alter table refresh_tokens add column successor text;
