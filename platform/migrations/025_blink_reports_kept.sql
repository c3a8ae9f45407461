-- Blink-test reports are kept for 30 days (docs/decisions/0345): the purge and the reads go by
-- created_at.
create index blink_reports_created on blink_reports (created_at);
