-- The lineage model (issue 9, DESIGN section 6). Every table below is a projection of the log:
-- `reproject` truncates and rebuilds it, and the result does not depend on arrival order.
-- Guards (in src/projection/appliers/): "span" columns are least/greatest by (event time, event
-- id); "latest" columns are replaced whole by a newer (event time, event id); a run's state is
-- ranked (terminal first, then event time, then event id). Ids are derived from natural keys
-- (uuid v5) or taken from the events, so they are the same on every replica and every rebuild.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Derived columns read timestamps out of facets as sent; a malformed one must read as NULL, not
-- fail the projection of the event. Only ISO dates: 'now' or 'today' would differ on every rebuild.
CREATE FUNCTION lineage_try_timestamptz(value text) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF value !~ '^\d{4}-\d{2}-\d{2}' THEN
    RETURN NULL;
  END IF;
  RETURN value::timestamptz;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;

-- The fields of a name-only version: the union of every name-only schema seen for the dataset,
-- distinct and ordered by name, so any arrival order gives the same value.
CREATE FUNCTION lineage_field_union(fields jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(f ORDER BY f->>'name', f::text), '[]'::jsonb)
    FROM (SELECT DISTINCT f FROM jsonb_array_elements(fields) AS f) AS distinct_fields
$$;

-- The log, read by run (a run's events) and as run events in time order (/events/lineage).
CREATE INDEX lineage_events_run_idx ON lineage_events (run_id, event_time, id) WHERE run_id IS NOT NULL;
CREATE INDEX lineage_events_run_events_idx ON lineage_events (event_time, id) WHERE event_kind = 'run';

-- Datasets gain what their current facets say; all derived from dataset_facets, never set alone.
ALTER TABLE datasets
  ADD COLUMN description text,
  ADD COLUMN source_name text,
  -- The current version: typed schemas beat name-only ones, then the latest (event time, id).
  ADD COLUMN current_version_id       uuid,
  ADD COLUMN current_version_typed    boolean,
  ADD COLUMN current_version_at       timestamptz,
  ADD COLUMN current_version_event_id bigint;

CREATE INDEX datasets_name_trgm_idx ON datasets USING gin (name gin_trgm_ops);

-- A dataset's current facets, one row per facet name; facet NULL is a `{"_deleted": true}`
-- tombstone, kept so that an older event arriving late cannot bring the facet back.
CREATE TABLE dataset_facets (
  dataset_id uuid        NOT NULL REFERENCES datasets (id),
  name       text        NOT NULL,
  facet      jsonb,
  event_time timestamptz NOT NULL,
  event_id   bigint      NOT NULL,
  PRIMARY KEY (dataset_id, name)
);

-- One version per distinct schema (field names and types): id = uuid v5 of (dataset, schema hash).
CREATE TABLE dataset_versions (
  id                 uuid        PRIMARY KEY,
  dataset_id         uuid        NOT NULL REFERENCES datasets (id),
  schema_hash        text        NOT NULL,
  -- [{name, type, description, fields?}] as the latest event with this schema sent them.
  fields             jsonb       NOT NULL,
  -- false for a name-only schema (Trino's inputs): it never becomes current over a typed one.
  typed              boolean     NOT NULL,
  first_seen_at      timestamptz NOT NULL,
  first_event_id     bigint      NOT NULL,
  last_seen_at       timestamptz NOT NULL,
  last_event_id      bigint      NOT NULL,
  -- The run whose output first had this schema (earliest by event time); NULL if only ever read.
  created_by_run_id  uuid,
  created_at         timestamptz,
  created_event_id   bigint,
  CONSTRAINT dataset_versions_dataset_hash_key UNIQUE (dataset_id, schema_hash)
);

CREATE INDEX dataset_versions_dataset_idx ON dataset_versions (dataset_id, first_seen_at DESC);

CREATE TABLE jobs (
  id                   uuid        PRIMARY KEY,
  namespace            text        NOT NULL,
  name                 text        NOT NULL,
  -- Derived from job_facets (jobType, documentation, sql, sourceCodeLocation), never set alone.
  job_type             text,
  processing_type      text,
  integration          text,
  description          text,
  sql                  text,
  source_code_type     text,
  source_code_url      text,
  -- The job of the parent run named by this job's latest run (derived).
  parent_job_id        uuid,
  -- The run of the latest event (by event time, then event id) of this job.
  latest_run_id        uuid,
  latest_run_at        timestamptz,
  latest_run_event_id  bigint,
  first_seen_at        timestamptz NOT NULL,
  first_event_id       bigint      NOT NULL,
  last_seen_at         timestamptz NOT NULL,
  CONSTRAINT jobs_namespace_name_key UNIQUE (namespace, name)
);

CREATE INDEX jobs_name_trgm_idx ON jobs USING gin (name gin_trgm_ops);
CREATE INDEX jobs_parent_idx ON jobs (parent_job_id) WHERE parent_job_id IS NOT NULL;

CREATE TABLE job_facets (
  job_id     uuid        NOT NULL REFERENCES jobs (id),
  name       text        NOT NULL,
  facet      jsonb,
  event_time timestamptz NOT NULL,
  event_id   bigint      NOT NULL,
  PRIMARY KEY (job_id, name)
);

CREATE TABLE runs (
  id                 uuid        PRIMARY KEY,
  job_id             uuid        NOT NULL REFERENCES jobs (id),
  -- NULL while the run is known only as another run's parent.
  state              text        CHECK (state IN ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')),
  state_at           timestamptz,
  state_event_id     bigint,
  -- Earliest START; the winning terminal event's time.
  started_at         timestamptz,
  ended_at           timestamptz,
  -- Derived from run_facets (nominalTime, errorMessage, parent).
  nominal_start_time timestamptz,
  nominal_end_time   timestamptz,
  error_message      text,
  parent_run_id      uuid,
  first_seen_at      timestamptz NOT NULL,
  last_seen_at       timestamptz NOT NULL,
  CONSTRAINT runs_state_at_check CHECK ((state IS NULL) = (state_at IS NULL) AND (state IS NULL) = (state_event_id IS NULL))
);

CREATE INDEX runs_job_idx ON runs (job_id, first_seen_at DESC, id);
CREATE INDEX runs_parent_idx ON runs (parent_run_id) WHERE parent_run_id IS NOT NULL;

-- Run facets and the job facets a run's events carried, merged: each name latest-wins.
CREATE TABLE run_facets (
  run_id     uuid        NOT NULL REFERENCES runs (id),
  facet_type text        NOT NULL CHECK (facet_type IN ('run', 'job')),
  name       text        NOT NULL,
  facet      jsonb       NOT NULL,
  event_time timestamptz NOT NULL,
  event_id   bigint      NOT NULL,
  PRIMARY KEY (run_id, facet_type, name)
);

-- The datasets a run read and wrote, with the version its latest event with a schema stated.
-- version_id NULL: no (typed) schema was sent; the version is the dataset's as of the run.
CREATE TABLE run_datasets (
  run_id           uuid        NOT NULL REFERENCES runs (id),
  direction        text        NOT NULL CHECK (direction IN ('input', 'output')),
  dataset_id       uuid        NOT NULL REFERENCES datasets (id),
  version_id       uuid,
  version_at       timestamptz,
  version_event_id bigint,
  first_seen_at    timestamptz NOT NULL,
  last_seen_at     timestamptz NOT NULL,
  PRIMARY KEY (run_id, direction, dataset_id)
);

CREATE INDEX run_datasets_dataset_idx ON run_datasets (dataset_id, direction, last_seen_at DESC);
CREATE INDEX run_datasets_version_idx ON run_datasets (version_id) WHERE version_id IS NOT NULL;

-- Directed edges: input dataset -> job, job -> output dataset. An edge exists from first_seen_at;
-- it is current while the job's latest run names it, else it ended at last_seen_at.
CREATE TABLE lineage_edges (
  job_id         uuid        NOT NULL REFERENCES jobs (id),
  direction      text        NOT NULL CHECK (direction IN ('input', 'output')),
  dataset_id     uuid        NOT NULL REFERENCES datasets (id),
  first_seen_at  timestamptz NOT NULL,
  first_event_id bigint      NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  last_event_id  bigint      NOT NULL,
  last_run_id    uuid,
  PRIMARY KEY (job_id, direction, dataset_id)
);

CREATE INDEX lineage_edges_dataset_idx ON lineage_edges (dataset_id, direction, job_id);

-- Column lineage. An output field's edges are those of its latest event (the head): an edge is
-- current when its last (time, event) is the head's; older ones ended at their last_seen_at.
-- output_field '' holds the dataset-level dependencies (the facet's `dataset` list).
CREATE TABLE column_lineage_heads (
  dataset_id uuid        NOT NULL REFERENCES datasets (id),
  field      text        NOT NULL,
  event_time timestamptz NOT NULL,
  event_id   bigint      NOT NULL,
  PRIMARY KEY (dataset_id, field)
);

CREATE TABLE column_lineage_edges (
  output_dataset_id      uuid        NOT NULL REFERENCES datasets (id),
  output_field           text        NOT NULL,
  input_dataset_id       uuid        NOT NULL REFERENCES datasets (id),
  input_field            text        NOT NULL,
  -- '' when the producer named no transformation (PK columns cannot be NULL).
  transformation_type    text        NOT NULL,
  transformation_subtype text        NOT NULL,
  description            text,
  masking                boolean,
  first_seen_at          timestamptz NOT NULL,
  first_event_id         bigint      NOT NULL,
  last_seen_at           timestamptz NOT NULL,
  last_event_id          bigint      NOT NULL,
  PRIMARY KEY (output_dataset_id, output_field, input_dataset_id, input_field, transformation_type, transformation_subtype)
);

CREATE INDEX column_lineage_edges_input_idx ON column_lineage_edges (input_dataset_id, input_field);

-- Tags from `tags` facets: add-only; value and source follow the latest event naming the key.
-- field '' for a tag on the dataset, job or run itself.
CREATE TABLE tags (
  target_kind    text        NOT NULL CHECK (target_kind IN ('dataset', 'job', 'run')),
  target_id      uuid        NOT NULL,
  field          text        NOT NULL,
  key            text        NOT NULL,
  value          text,
  source         text,
  first_seen_at  timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  last_event_id  bigint      NOT NULL,
  PRIMARY KEY (target_kind, target_id, field, key)
);

CREATE INDEX tags_key_idx ON tags (key);

-- Sources named by `dataSource` facets; uri follows the latest event.
CREATE TABLE sources (
  name           text        PRIMARY KEY,
  uri            text,
  first_seen_at  timestamptz NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  last_event_id  bigint      NOT NULL
);
