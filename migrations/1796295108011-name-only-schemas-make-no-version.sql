-- DESIGN section 6: a mention without a schema, or with a name-only schema (field names without
-- types: Trino's inputs), keeps the current version. Name-only schemas made a version named
-- 'name-only' (listed among the dataset's versions); they now make none, and their field names are
-- fields seen (dataset_fields), in the order sent.

CREATE TABLE dataset_fields (
  dataset_id     uuid        NOT NULL,
  name           text        NOT NULL,
  position       bigint      NOT NULL,
  first_seen_at  timestamptz NOT NULL,
  first_event_id bigint      NOT NULL,
  PRIMARY KEY (dataset_id, name)
);

-- The name-only versions' names become fields seen. Their order was not kept (the union was sorted
-- by name): `reproject` gives the order sent.
INSERT INTO dataset_fields (dataset_id, name, position, first_seen_at, first_event_id)
SELECT v.dataset_id, f.field ->> 'name', f.position - 1, v.first_seen_at, v.first_event_id
  FROM dataset_versions v, jsonb_array_elements(v.fields) WITH ORDINALITY AS f(field, position)
 WHERE NOT v.typed AND coalesce(f.field ->> 'name', '') <> ''
ON CONFLICT DO NOTHING;

-- A name-only version was current only where no typed schema had come: then there is none.
UPDATE datasets SET current_version_id = NULL, current_version_at = NULL, current_version_event_id = NULL
 WHERE current_version_typed = false;
DELETE FROM dataset_versions WHERE NOT typed;

ALTER TABLE datasets DROP COLUMN current_version_typed;
ALTER TABLE dataset_versions DROP COLUMN typed;
DROP FUNCTION lineage_field_union(jsonb);
