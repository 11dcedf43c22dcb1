-- Job versions (issue 9), as Marquez has them: the identity of a job's namespace, name, sorted
-- inputs, sorted outputs and source code location, as a finished run (its COMPLETE, FAIL or ABORT
-- event) had them. id = uuid v5 of that identity (src/openlineage/job-identity.ts), so the same
-- job run the same way has one row however often it runs. A projection: `reproject` rebuilds it;
-- like the other read tables it has no foreign keys (1796109635716-projection-without-foreign-keys).
CREATE TABLE job_versions (
  id             uuid        PRIMARY KEY,
  job_id         uuid        NOT NULL,
  -- [{namespace, name}] sorted by namespace, then name; a function of id, never updated.
  inputs         jsonb       NOT NULL,
  outputs        jsonb       NOT NULL,
  -- The sourceCodeLocation url the finished run's event carried; NULL when it carried none.
  location       text,
  -- The earliest and the latest (event time, event id) with this version, and their runs.
  first_seen_at  timestamptz NOT NULL,
  first_event_id bigint      NOT NULL,
  first_run_id   uuid        NOT NULL,
  last_seen_at   timestamptz NOT NULL,
  last_event_id  bigint      NOT NULL,
  last_run_id    uuid        NOT NULL
);

-- GET .../jobs/{job}/versions: newest first (Marquez orders by creation).
CREATE INDEX job_versions_job_idx ON job_versions (job_id, first_seen_at DESC, id);
-- A job's currentVersion: the version of its latest finished run.
CREATE INDEX job_versions_current_idx ON job_versions (job_id, last_seen_at DESC, last_event_id DESC);

-- A run's jobVersion: the version of its winning terminal event; NULL while unfinished. Rows
-- projected before this migration get theirs from `reproject`.
ALTER TABLE runs ADD COLUMN job_version_id uuid;
