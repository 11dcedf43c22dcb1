-- The web UI's browse pages: runs of every job newest first (the run list across jobs), and the
-- log by received time (the events page's time filter and the overview's activity by received
-- time). The log is append-only and received_at grows with it, so a BRIN index stays a few pages
-- and costs ingest almost nothing, where a B-tree would add a write to every event.

CREATE INDEX runs_recent_idx ON runs (first_seen_at DESC, id);
CREATE INDEX lineage_events_received_at_brin_idx ON lineage_events USING brin (received_at);
