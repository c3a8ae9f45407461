-- The error inbox groups its reports by fingerprint (docs/decisions/0362): worked out once, as a
-- report comes, and kept beside it, so that a listing groups in SQL instead of parsing the newest
-- 5,000 payloads each time. The reports stored before have none: the platform fills theirs when it
-- starts (platform/services/observability/inbox-groups.ts), which this index finds at once (empty
-- from then on).
alter table error_events add column fingerprint text;
create index error_events_unfingerprinted on error_events (id) where fingerprint is null;
