-- Data quality per run and dataset (docs/extending.md walks through this feature): what a run
-- measured of a dataset it read or wrote (the dataQualityMetrics and input/outputStatistics
-- facets), and the assertions it checked on it (dataQualityAssertions). Each group keeps the
-- latest event that carried it, so the order events arrive in does not matter.

CREATE TABLE dataset_quality (
  run_id                uuid        NOT NULL,
  dataset_id            uuid        NOT NULL,
  direction             text        NOT NULL CONSTRAINT dataset_quality_direction_check CHECK (direction IN ('input', 'output')),
  metrics_row_count     bigint,
  metrics_bytes         bigint,
  metrics_file_count    bigint,
  column_metrics        jsonb,
  metrics_at            timestamptz,
  metrics_event_id      bigint,
  statistics_row_count  bigint,
  statistics_bytes      bigint,
  statistics_file_count bigint,
  statistics_at         timestamptz,
  statistics_event_id   bigint,
  first_seen_at         timestamptz NOT NULL,
  last_seen_at          timestamptz NOT NULL,
  PRIMARY KEY (run_id, dataset_id, direction)
);

CREATE INDEX dataset_quality_dataset_idx ON dataset_quality (dataset_id, last_seen_at DESC);

CREATE TABLE dataset_assertions (
  run_id      uuid        NOT NULL,
  dataset_id  uuid        NOT NULL,
  assertion   text        NOT NULL,
  column_name text        NOT NULL,
  success     boolean     NOT NULL,
  event_time  timestamptz NOT NULL,
  event_id    bigint      NOT NULL,
  PRIMARY KEY (run_id, dataset_id, assertion, column_name)
);

CREATE INDEX dataset_assertions_dataset_idx ON dataset_assertions (dataset_id, event_time DESC);
