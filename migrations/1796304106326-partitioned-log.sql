-- metadata-store: steps
-- The log becomes range-partitioned by received_at (docs/adr/0031-partitioned-log.md), so that
-- retention drops whole partitions instead of deleting rows. The existing table is not copied: it
-- becomes the first partition of a new parent, attached with a CHECK constraint that proves its
-- range, so the swap holds its lock for a catalog change, not a scan. Every slow step (filling the
-- duplicate-key table, building the index the new primary key needs, validating the CHECK) runs
-- before it, while ingest goes on.
--
-- Steps run one by one, each in its own transaction (or none, where PostgreSQL allows none), so
-- each lock is short; each does nothing if its work is already done, so a migration that stopped
-- half way is run again from the top. Later partitions are created by the store itself
-- (src/log/partitions/), from the first partition's upper bound on.

-- step: duplicates are detected by a key table across partitions; a trigger keeps it complete
-- for the events appended while the steps below run.
DO $$
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'lineage_events'::regclass) = 'p' THEN
    RETURN;
  END IF;
  CREATE TABLE IF NOT EXISTS lineage_event_keys (
    content_hash bytea NOT NULL CONSTRAINT lineage_event_keys_pkey PRIMARY KEY
  );
  CREATE OR REPLACE FUNCTION lineage_event_keys_of_appended() RETURNS trigger LANGUAGE plpgsql AS $f$
  BEGIN
    INSERT INTO lineage_event_keys (content_hash) SELECT content_hash FROM appended ON CONFLICT DO NOTHING;
    RETURN NULL;
  END $f$;
  DROP TRIGGER IF EXISTS lineage_events_keys ON lineage_events;
  CREATE TRIGGER lineage_events_keys AFTER INSERT ON lineage_events
    REFERENCING NEW TABLE AS appended FOR EACH STATEMENT EXECUTE FUNCTION lineage_event_keys_of_appended();
END
$$;

-- step: the keys of the events already logged, in batches of their own transactions.
DO $$
DECLARE
  after bigint := 0;
  last bigint;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'lineage_events'::regclass) = 'p' THEN
    RETURN;
  END IF;
  SELECT max(id) INTO last FROM lineage_events;
  WHILE after < coalesce(last, 0) LOOP
    INSERT INTO lineage_event_keys (content_hash)
    SELECT content_hash FROM lineage_events WHERE id > after AND id <= after + 50000
    ON CONFLICT DO NOTHING;
    after := after + 50000;
    COMMIT;
  END LOOP;
END
$$;

-- step: the partition's primary key must include the partition key; built without blocking writes.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS lineage_events_initial_pkey ON lineage_events (id, received_at);

-- step: a build that failed leaves an invalid index behind: drop it, so that a rerun builds it again.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_index WHERE indexrelid = 'lineage_events_initial_pkey'::regclass AND NOT indisvalid) THEN
    RAISE EXCEPTION 'index lineage_events_initial_pkey is invalid (an interrupted build): DROP INDEX lineage_events_initial_pkey; then run migrate again';
  END IF;
END
$$;

-- step: the range of the first partition: everything before midnight (UTC) one to two days from
-- now. NOT VALID takes a short lock and checks only new rows; validation comes next.
DO $$
DECLARE
  bound timestamptz := date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '2 days') AT TIME ZONE 'UTC';
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'lineage_events'::regclass) = 'p'
     OR EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'lineage_events_initial_range' AND conrelid = 'lineage_events'::regclass) THEN
    RETURN;
  END IF;
  SET LOCAL lock_timeout = '5s';
  EXECUTE format('ALTER TABLE lineage_events ADD CONSTRAINT lineage_events_initial_range CHECK (received_at < %L) NOT VALID', bound);
END
$$;

-- step: validation scans the table under a lock that lets appends and reads go on.
DO $$
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'lineage_events'::regclass) = 'p' THEN
    RETURN;
  END IF;
  ALTER TABLE lineage_events VALIDATE CONSTRAINT lineage_events_initial_range;
END
$$;

-- step: the swap, in one short transaction: only catalog changes under the lock.
DO $$
DECLARE
  bound timestamptz;
  next_id bigint;
  constraint_name name;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'lineage_events'::regclass) = 'p' THEN
    RETURN;
  END IF;
  SET LOCAL lock_timeout = '10s';
  LOCK TABLE lineage_events IN ACCESS EXCLUSIVE MODE;
  SELECT substring(pg_get_constraintdef(oid) FROM '''([^'']+)''')::timestamptz INTO bound
    FROM pg_constraint WHERE conname = 'lineage_events_initial_range' AND conrelid = 'lineage_events'::regclass;

  -- The duplicate check moves to lineage_event_keys, which the trigger kept complete.
  DROP TRIGGER lineage_events_keys ON lineage_events;
  DROP FUNCTION lineage_event_keys_of_appended();
  DROP INDEX lineage_events_content_hash_key;

  -- Ids continue from the identity's sequence, now a sequence of the parent.
  SELECT greatest(coalesce((SELECT last_value FROM pg_sequences WHERE schemaname = 'public'
                                AND sequencename = 'lineage_events_id_seq' AND last_value IS NOT NULL), 0),
                  coalesce((SELECT max(id) FROM lineage_events), 0)) + 1 INTO next_id;
  ALTER TABLE lineage_events ALTER COLUMN id DROP IDENTITY;

  ALTER TABLE lineage_events RENAME TO lineage_events_initial;
  -- PostgreSQL 18 names NOT NULL constraints: the parent's take the table's names.
  FOR constraint_name IN SELECT conname FROM pg_constraint WHERE conrelid = 'lineage_events_initial'::regclass AND contype = 'n' LOOP
    EXECUTE format('ALTER TABLE lineage_events_initial RENAME CONSTRAINT %I TO %I', constraint_name,
                   replace(constraint_name, 'lineage_events_', 'lineage_events_initial_'));
  END LOOP;
  ALTER TABLE lineage_events_initial DROP CONSTRAINT lineage_events_pkey;
  ALTER TABLE lineage_events_initial ADD CONSTRAINT lineage_events_initial_pkey PRIMARY KEY USING INDEX lineage_events_initial_pkey;
  ALTER INDEX lineage_events_event_time_idx RENAME TO lineage_events_initial_event_time_idx;
  ALTER INDEX lineage_events_run_idx RENAME TO lineage_events_initial_run_idx;
  ALTER INDEX lineage_events_run_events_idx RENAME TO lineage_events_initial_run_events_idx;

  CREATE SEQUENCE lineage_events_id_seq AS bigint;
  PERFORM setval('lineage_events_id_seq', next_id, false);
  CREATE TABLE lineage_events (
    id               bigint      NOT NULL DEFAULT nextval('lineage_events_id_seq'::regclass),
    received_at      timestamptz NOT NULL DEFAULT now(),
    event_kind       text        NOT NULL CONSTRAINT lineage_events_event_kind_check CHECK (event_kind IN ('run', 'job', 'dataset')),
    event_type       text        CONSTRAINT lineage_events_event_type_check CHECK (event_type IN ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')),
    event_time       timestamptz NOT NULL,
    run_id           uuid,
    job_namespace    text,
    job_name         text,
    producer         text,
    schema_url       text,
    content_hash     bytea       NOT NULL,
    payload          json        NOT NULL,
    payload_bytes    integer     NOT NULL,
    source_type      text        NOT NULL DEFAULT 'anonymous'
                                 CONSTRAINT lineage_events_source_type_check CHECK (source_type IN ('anonymous', 'tls-client-cert', 'inferred')),
    source_principal text,
    peer_address     text,
    user_agent       text,
    CONSTRAINT lineage_events_pkey PRIMARY KEY (id, received_at)
  ) PARTITION BY RANGE (received_at);
  ALTER SEQUENCE lineage_events_id_seq OWNED BY lineage_events.id;
  -- The payload keeps the first partition's compression (lz4 where the server has it, ADR 0021);
  -- partitions created later copy the parent's.
  IF (SELECT attcompression FROM pg_attribute WHERE attrelid = 'lineage_events_initial'::regclass AND attname = 'payload') = 'l' THEN
    ALTER TABLE lineage_events ALTER COLUMN payload SET COMPRESSION lz4;
  END IF;
  CREATE INDEX lineage_events_event_time_idx ON lineage_events (event_time);
  CREATE INDEX lineage_events_run_idx ON lineage_events (run_id, event_time, id) WHERE run_id IS NOT NULL;
  CREATE INDEX lineage_events_run_events_idx ON lineage_events (event_time, id, event_type) WHERE event_kind = 'run';

  -- The CHECK proves the range: no scan. The existing indexes match the parent's and are attached.
  EXECUTE format('ALTER TABLE lineage_events ATTACH PARTITION lineage_events_initial FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  ALTER TABLE lineage_events_initial DROP CONSTRAINT lineage_events_initial_range;
END
$$;
