-- Explicit lineage (docs/adr/0030-declared-and-observed-lineage.md): the edges the `lineage` facet
-- of LineageFacet 1-0-0 states, as a job facet (declared on a JobEvent, observed on a RunEvent)
-- or as a dataset facet (declared). Each edge runs from an entity (dataset or job, and a field of a
-- dataset) to another; `declarer_id` is who stated it: the event's job, or the dataset that
-- carries the facet. A declaration replaces its declarer's earlier one whole: the edges it no
-- longer states end at it, and one that states none (an empty `inputs`) clears them.

CREATE TABLE explicit_lineage_edges (
  declarer_id            uuid        NOT NULL,
  source                 text        NOT NULL CONSTRAINT explicit_lineage_edges_source_check CHECK (source IN ('declared', 'observed')),
  origin_kind            text        NOT NULL CONSTRAINT explicit_lineage_edges_origin_kind_check CHECK (origin_kind IN ('dataset', 'job')),
  origin_id              uuid        NOT NULL,
  origin_field           text        NOT NULL,
  destination_kind       text        NOT NULL CONSTRAINT explicit_lineage_edges_destination_kind_check CHECK (destination_kind IN ('dataset', 'job')),
  destination_id         uuid        NOT NULL,
  destination_field      text        NOT NULL,
  transformation_type    text        NOT NULL,
  transformation_subtype text        NOT NULL,
  description            text,
  masking                boolean,
  first_seen_at          timestamptz NOT NULL,
  first_event_id         bigint      NOT NULL,
  last_seen_at           timestamptz NOT NULL,
  last_event_id          bigint      NOT NULL,
  PRIMARY KEY (declarer_id, source, origin_id, origin_field, destination_id, destination_field, transformation_type, transformation_subtype)
);

-- The walks look edges up from either end, at the table level (fields '') and per field.
CREATE INDEX explicit_lineage_edges_origin_idx ON explicit_lineage_edges (origin_id, origin_field);
CREATE INDEX explicit_lineage_edges_destination_idx ON explicit_lineage_edges (destination_id, destination_field);

-- Every declaration: an edge declared before a newer declaration of its declarer has ended.
CREATE TABLE lineage_declarations (
  declarer_id uuid        NOT NULL,
  event_time  timestamptz NOT NULL,
  event_id    bigint      NOT NULL,
  PRIMARY KEY (declarer_id, event_time, event_id)
);

-- The inputs and outputs an event lists are edges of lineage_edges: observed when a run event
-- listed them, declared when a job event did, or both. Before this migration every one counted
-- as observed; `reproject` sets both flags from the log.
ALTER TABLE lineage_edges
  ADD COLUMN observed boolean NOT NULL DEFAULT true,
  ADD COLUMN declared boolean NOT NULL DEFAULT false;
ALTER TABLE lineage_edges ALTER COLUMN observed DROP DEFAULT, ALTER COLUMN declared DROP DEFAULT;
