-- metadata-store: steps
-- The log by received time, for the web UI's events page (its time filter) and the overview's
-- activity by received time. The log is append-only and received_at grows with it, so a BRIN index
-- stays a few pages and costs ingest almost nothing, where a B-tree would add a write to every
-- event. On the partitioned log (…-partitioned-log.sql) the parent's index is made without a lock
-- on appends: each partition's index first (the large first partition concurrently), then the
-- parent's, with theirs attached. Partitions made later get theirs from the parent.

-- step: the first partition's index, built while appends go on.
CREATE INDEX CONCURRENTLY IF NOT EXISTS lineage_events_initial_received_at_brin_idx ON lineage_events_initial USING brin (received_at);

-- step: a build that failed leaves an invalid index behind: drop it, so that a rerun builds it again.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = 'lineage_events_initial_received_at_brin_idx'::regclass AND NOT indisvalid) THEN
    RAISE EXCEPTION 'index lineage_events_initial_received_at_brin_idx is invalid (an interrupted build): DROP INDEX lineage_events_initial_received_at_brin_idx; then run migrate again';
  END IF;
END $$;

-- step: the parent's index, with every partition's attached (the others are small: made ahead).
DO $$
DECLARE
  part regclass;
  part_index text;
BEGIN
  CREATE INDEX IF NOT EXISTS lineage_events_received_at_brin_idx ON ONLY lineage_events USING brin (received_at);
  FOR part IN SELECT inhrelid::regclass FROM pg_inherits WHERE inhparent = 'lineage_events'::regclass LOOP
    part_index := (SELECT c.relname FROM pg_class c WHERE c.oid = part) || '_received_at_brin_idx';
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s USING brin (received_at)', part_index, part);
    IF NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = part_index::regclass) THEN
      EXECUTE format('ALTER INDEX lineage_events_received_at_brin_idx ATTACH PARTITION %I', part_index);
    END IF;
  END LOOP;
END $$;
