-- The event log: every accepted OpenLineage event, verbatim, append-only.
-- Nothing updates or deletes a row except retention. Everything else is a projection of it.
CREATE TABLE lineage_events (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at      timestamptz NOT NULL DEFAULT now(),
  event_kind       text        NOT NULL CHECK (event_kind IN ('run', 'job', 'dataset')),
  event_type       text        CHECK (event_type IN ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')),
  event_time       timestamptz NOT NULL,
  run_id           uuid,
  job_namespace    text,
  job_name         text,
  producer         text,
  schema_url       text,
  -- sha256 of the event's JSON text: a client retrying after a lost response is stored once.
  content_hash     bytea       NOT NULL,
  payload          jsonb       NOT NULL,
  payload_bytes    integer     NOT NULL,
  -- Who sent it. No authentication today (source_type 'anonymous', principal null); the columns
  -- exist so that adding it later is not a migration of the log.
  source_type      text        NOT NULL DEFAULT 'anonymous'
                               CHECK (source_type IN ('anonymous', 'tls-client-cert', 'inferred')),
  source_principal text,
  peer_address     text,
  user_agent       text
);

CREATE UNIQUE INDEX lineage_events_content_hash_key ON lineage_events (content_hash);
-- Only what a query uses: every index is paid for on the ingest path. Indexes by run and job
-- come with the projections and queries that need them.
CREATE INDEX lineage_events_event_time_idx ON lineage_events (event_time);

-- Events written to the log but not yet applied to the read tables. Ingest inserts a row in the
-- same transaction as the event; a projector deletes it in the transaction that applies it.
CREATE TABLE projection_queue (
  event_id    bigint      PRIMARY KEY REFERENCES lineage_events (id),
  enqueued_at timestamptz NOT NULL DEFAULT now()
);

-- Read tables: projections of the log, rebuilt by `reproject`. Dataset ids are derived from
-- (namespace, name), so they are the same after every rebuild and on every replica.
CREATE TABLE datasets (
  id             uuid        PRIMARY KEY,
  namespace      text        NOT NULL,
  name           text        NOT NULL,
  scheme         text        NOT NULL,
  authority      text,
  kind           text        NOT NULL CHECK (kind IN ('dataset', 'symlink')),
  first_seen_at  timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  first_event_id bigint      NOT NULL REFERENCES lineage_events (id),
  CONSTRAINT datasets_namespace_name_key UNIQUE (namespace, name)
);

CREATE INDEX datasets_scheme_idx ON datasets (scheme, namespace, name);

CREATE TABLE event_datasets (
  event_id   bigint NOT NULL REFERENCES lineage_events (id),
  dataset_id uuid   NOT NULL REFERENCES datasets (id),
  role       text   NOT NULL CHECK (role IN ('input', 'output', 'dataset', 'symlink')),
  PRIMARY KEY (event_id, dataset_id, role)
);

CREATE INDEX event_datasets_dataset_idx ON event_datasets (dataset_id, event_id DESC);

-- A dataset's `symlinks` facet names other identifiers of the same data.
CREATE TABLE dataset_symlinks (
  dataset_id         uuid   NOT NULL REFERENCES datasets (id),
  symlink_dataset_id uuid   NOT NULL REFERENCES datasets (id),
  symlink_type       text,
  first_event_id     bigint NOT NULL REFERENCES lineage_events (id),
  PRIMARY KEY (dataset_id, symlink_dataset_id)
);

CREATE INDEX dataset_symlinks_target_idx ON dataset_symlinks (symlink_dataset_id);

-- Every job and dataset namespace the log names (Marquez's /api/v1/namespaces).
CREATE TABLE namespaces (
  name          text        PRIMARY KEY,
  first_seen_at timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL
);
