-- Indexes of the read API (issue 9). Each serves one query of src/read/ in index order, so a
-- page or a count touches the rows it returns, not the table.

-- /api/v1/stats/{datasets,jobs,sources}: cumulative counts by the event time that first named them.
CREATE INDEX datasets_first_seen_idx ON datasets (first_seen_at);
CREATE INDEX jobs_first_seen_idx ON jobs (first_seen_at);
CREATE INDEX sources_first_seen_idx ON sources (first_seen_at);

-- /api/v1/jobs and /api/v1/namespaces/{ns}/jobs: newest updatedAt first (scanned backwards).
CREATE INDEX jobs_updated_idx ON jobs (last_seen_at, id);
CREATE INDEX jobs_namespace_updated_idx ON jobs (namespace, last_seen_at, id);

-- GET /api/v1/datasets/{id}: the jobs that most recently read or wrote a dataset. A table that
-- Trino reads in every query has one edge per query (each query is a job): take the newest.
CREATE INDEX lineage_edges_dataset_recent_idx ON lineage_edges (dataset_id, direction, last_seen_at);

-- /api/v1/search: the first matches in name order. A common text is found by walking this index
-- and stops at `limit`; a rare one through the trigram index; a 1-2 character prefix by a range.
CREATE INDEX datasets_lower_name_idx ON datasets ((lower(name) COLLATE "C"));
CREATE INDEX jobs_lower_name_idx ON jobs ((lower(name) COLLATE "C"));

-- /api/v1/stats/lineage-events counts run events by type per bucket from the index alone: the
-- run-events index gains event_type (same name, same use for /api/v1/events/lineage).
DROP INDEX lineage_events_run_events_idx;
CREATE INDEX lineage_events_run_events_idx ON lineage_events (event_time, id, event_type) WHERE event_kind = 'run';
