-- The root run of a run's hierarchy (ParentRunFacet 1-1-0 `root`), kept with the parent run under
-- the parent facet's stamp (parent_at, parent_event_id). Runs projected before this migration get
-- their root on `reproject`; until then the read side takes the top of the parent chain.
ALTER TABLE runs ADD COLUMN root_run_id uuid;
