-- Every projection rule is written once, in TypeScript (docs/adr/0013-projection-rules-once.md):
-- processors read the facets and state the derived columns themselves, and each group of columns
-- an event may state on its own keeps the (event time, event id) that stated it, so an older event
-- arriving late cannot overwrite it. Until now the derived columns were computed in SQL from the
-- current facets, after the facet rows were written.

ALTER TABLE runs
  ADD COLUMN nominal_time_at        timestamptz,
  ADD COLUMN nominal_time_event_id  bigint,
  ADD COLUMN error_message_at       timestamptz,
  ADD COLUMN error_message_event_id bigint,
  ADD COLUMN parent_at              timestamptz,
  ADD COLUMN parent_event_id        bigint;

ALTER TABLE jobs
  ADD COLUMN job_type_at          timestamptz,
  ADD COLUMN job_type_event_id    bigint,
  ADD COLUMN description_at       timestamptz,
  ADD COLUMN description_event_id bigint,
  ADD COLUMN sql_at               timestamptz,
  ADD COLUMN sql_event_id         bigint,
  ADD COLUMN source_code_at       timestamptz,
  ADD COLUMN source_code_event_id bigint,
  ADD COLUMN parent_at            timestamptz,
  ADD COLUMN parent_event_id      bigint;

ALTER TABLE datasets
  ADD COLUMN description_at       timestamptz,
  ADD COLUMN description_event_id bigint,
  ADD COLUMN source_name_at       timestamptz,
  ADD COLUMN source_name_event_id bigint;

-- The stamps of what is already projected: the facet rows the columns were derived from.
UPDATE runs r SET nominal_time_at = f.event_time, nominal_time_event_id = f.event_id
  FROM run_facets f WHERE f.run_id = r.id AND f.facet_type = 'run' AND f.name = 'nominalTime';
UPDATE runs r SET error_message_at = f.event_time, error_message_event_id = f.event_id
  FROM run_facets f WHERE f.run_id = r.id AND f.facet_type = 'run' AND f.name = 'errorMessage';
UPDATE runs r SET parent_at = f.event_time, parent_event_id = f.event_id
  FROM run_facets f WHERE f.run_id = r.id AND f.facet_type = 'run' AND f.name = 'parent' AND r.parent_run_id IS NOT NULL;
UPDATE jobs j SET job_type_at = f.event_time, job_type_event_id = f.event_id
  FROM job_facets f WHERE f.job_id = j.id AND f.name = 'jobType';
UPDATE jobs j SET description_at = f.event_time, description_event_id = f.event_id
  FROM job_facets f WHERE f.job_id = j.id AND f.name = 'documentation';
UPDATE jobs j SET sql_at = f.event_time, sql_event_id = f.event_id
  FROM job_facets f WHERE f.job_id = j.id AND f.name = 'sql';
UPDATE jobs j SET source_code_at = f.event_time, source_code_event_id = f.event_id
  FROM job_facets f WHERE f.job_id = j.id AND f.name = 'sourceCodeLocation';
UPDATE datasets d SET description_at = f.event_time, description_event_id = f.event_id
  FROM dataset_facets f WHERE f.dataset_id = d.id AND f.name = 'documentation';
UPDATE datasets d SET source_name_at = f.event_time, source_name_event_id = f.event_id
  FROM dataset_facets f WHERE f.dataset_id = d.id AND f.name = 'dataSource';

-- A job's parent is the one its latest event with a `parent` facet named (not derived from its
-- latest run by SQL any more): what is projected keeps its value, stamped by the job's latest run.
UPDATE jobs SET parent_at = latest_run_at, parent_event_id = latest_run_event_id WHERE parent_job_id IS NOT NULL;

-- name_words is written by the projection like every other table (its processor splits names in
-- TypeScript, and search splits its text with the same function), not by a trigger.
DROP TRIGGER datasets_name_words ON datasets;
DROP TRIGGER jobs_name_words ON jobs;
DROP FUNCTION name_words_of_inserted();
DROP FUNCTION name_words(text);
DROP FUNCTION lineage_try_timestamptz(text);

-- A run's facets stay in the events that carried them (the log keeps every event whole):
-- run_facets says which event's facet is the run's, and reads take it from that event. Every run
-- event copied all its facets here, the largest write of its projection.
ALTER TABLE run_facets DROP COLUMN facet;
