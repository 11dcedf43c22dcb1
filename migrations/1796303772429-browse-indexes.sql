-- The web UI's browse pages: runs of every job newest first (the run list across jobs). The log's
-- index by received time comes after the log is partitioned (…-log-received-at-brin.sql).

CREATE INDEX runs_recent_idx ON runs (first_seen_at DESC, id);
