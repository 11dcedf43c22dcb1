-- The read tables are a projection of the log, written by one applier per table in a fixed order
-- (parents first) and rebuilt by `reproject`; the log is append-only, so nothing they reference
-- is ever deleted. Their foreign keys guarded nothing the applier does not, and cost the
-- projection a `SELECT ... FOR KEY SHARE` row lock per referencing row (about 21 per Trino event,
-- 12 % of PostgreSQL's CPU per projected event, measured in docs/adr/0008). Ingest paid one more
-- per event for the queue's reference to the log.
ALTER TABLE projection_queue     DROP CONSTRAINT projection_queue_event_id_fkey;
ALTER TABLE projection_set_aside DROP CONSTRAINT projection_set_aside_event_id_fkey;
ALTER TABLE datasets             DROP CONSTRAINT datasets_first_event_id_fkey;
ALTER TABLE event_datasets       DROP CONSTRAINT event_datasets_event_id_fkey;
ALTER TABLE event_datasets       DROP CONSTRAINT event_datasets_dataset_id_fkey;
ALTER TABLE dataset_symlinks     DROP CONSTRAINT dataset_symlinks_dataset_id_fkey;
ALTER TABLE dataset_symlinks     DROP CONSTRAINT dataset_symlinks_symlink_dataset_id_fkey;
ALTER TABLE dataset_symlinks     DROP CONSTRAINT dataset_symlinks_first_event_id_fkey;
ALTER TABLE dataset_facets       DROP CONSTRAINT dataset_facets_dataset_id_fkey;
ALTER TABLE dataset_versions     DROP CONSTRAINT dataset_versions_dataset_id_fkey;
ALTER TABLE job_facets           DROP CONSTRAINT job_facets_job_id_fkey;
ALTER TABLE runs                 DROP CONSTRAINT runs_job_id_fkey;
ALTER TABLE run_facets           DROP CONSTRAINT run_facets_run_id_fkey;
ALTER TABLE run_datasets         DROP CONSTRAINT run_datasets_run_id_fkey;
ALTER TABLE run_datasets         DROP CONSTRAINT run_datasets_dataset_id_fkey;
ALTER TABLE lineage_edges        DROP CONSTRAINT lineage_edges_job_id_fkey;
ALTER TABLE lineage_edges        DROP CONSTRAINT lineage_edges_dataset_id_fkey;
ALTER TABLE column_lineage_heads DROP CONSTRAINT column_lineage_heads_dataset_id_fkey;
ALTER TABLE column_lineage_edges DROP CONSTRAINT column_lineage_edges_output_dataset_id_fkey;
ALTER TABLE column_lineage_edges DROP CONSTRAINT column_lineage_edges_input_dataset_id_fkey;
