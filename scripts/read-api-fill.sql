-- Synthetic read tables for scripts/explain-read-api.mjs: the sizes in the plans come from here.
-- 100k run events and 10k job events over 7 days; 100k datasets in 10 namespaces plus 200k in
-- `hostile` that one event named; 100k jobs with 2 runs each; versions, facets, edges, tags.
INSERT INTO lineage_events (event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
SELECT 'run', (ARRAY['START','COMPLETE','FAIL','ABORT','RUNNING'])[1 + i % 5], now() - (i * interval '6 seconds'),
       md5('r' || (i % 200000))::uuid, 'ns' || (i % 10), 'job_' || (i % 100000), sha256(('e' || i)::bytea),
       jsonb_build_object('eventType', (ARRAY['START','COMPLETE','FAIL','ABORT','RUNNING'])[1 + i % 5],
                          'eventTime', to_char((now() - (i * interval '6 seconds')) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
                          'run', jsonb_build_object('runId', md5('r' || (i % 200000))::uuid),
                          'job', jsonb_build_object('namespace', 'ns' || (i % 10), 'name', 'job_' || (i % 100000)),
                          'inputs', '[]'::jsonb, 'outputs', '[]'::jsonb, 'producer', 'explain'), 300
  FROM generate_series(1, 100000) i;
INSERT INTO lineage_events (event_kind, event_time, job_namespace, job_name, content_hash, payload, payload_bytes)
SELECT 'job', now() - (i * interval '60 seconds'), 'ns0', 'job_' || i, sha256(('j' || i)::bytea),
       jsonb_build_object('job', jsonb_build_object('namespace', 'ns0', 'name', 'job_' || i)), 100
  FROM generate_series(1, 10000) i;

INSERT INTO namespaces (name, first_seen_at, last_seen_at)
SELECT 'ns' || n, now() - interval '30 days', now() FROM generate_series(0, 9) n
UNION ALL SELECT 'hostile', now() - interval '1 day', now() - interval '1 day';

INSERT INTO datasets (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id,
                      description, source_name, current_version_id, current_version_at, current_version_event_id)
SELECT md5('d' || i)::uuid, 'ns' || (i % 10), 'schema_' || (i % 100) || '.table_' || i, 'ns', NULL, 'dataset',
       now() - (i * interval '25 seconds'), now() - (i * interval '5 seconds'), 1 + i % 100000,
       'table ' || i, 'source_' || (i % 1000), md5('v' || i)::uuid, now() - (i * interval '25 seconds'), 1 + i % 100000
  FROM generate_series(1, 100000) i;
-- One event named 200k datasets (issue 13 item 5): all first seen by event 1, each with its facets.
INSERT INTO datasets (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id, source_name)
SELECT md5('h' || i)::uuid, 'hostile', 'wide.table_' || lpad(i::text, 6, '0'), 'hostile', NULL, 'dataset',
       now() - interval '1 day', now() - interval '1 day', 1, 'hostile-source'
  FROM generate_series(1, 200000) i;

INSERT INTO dataset_versions (id, dataset_id, schema_hash, fields, first_seen_at, first_event_id, last_seen_at, last_event_id,
                              created_by_run_id, created_at, created_event_id)
SELECT md5('v' || i)::uuid, md5('d' || i)::uuid, md5('s' || i),
       jsonb_build_array(jsonb_build_object('name', 'id', 'type', 'BIGINT'), jsonb_build_object('name', 'amount', 'type', 'DECIMAL'),
                         jsonb_build_object('name', 'day', 'type', 'DATE')),
       now() - (i * interval '25 seconds'), 1 + i % 100000, now() - (i * interval '5 seconds'), 1 + i % 100000,
       md5('r' || (i * 2 % 200000))::uuid, now() - (i * interval '25 seconds'), 1 + i % 100000
  FROM generate_series(1, 100000) i;

INSERT INTO dataset_facets (dataset_id, name, facet, event_time, event_id)
SELECT md5('d' || i)::uuid, f, jsonb_build_object('_producer', 'explain', '_schemaURL', 'explain', 'name', 'source_' || (i % 1000)),
       now() - (i * interval '5 seconds'), 1 + i % 100000
  FROM generate_series(1, 100000) i, unnest(ARRAY['dataSource', 'documentation']) f;
INSERT INTO dataset_facets (dataset_id, name, facet, event_time, event_id)
SELECT md5('h' || i)::uuid, 'dataSource', jsonb_build_object('_producer', 'explain', '_schemaURL', 'explain', 'name', 'hostile-source'),
       now() - interval '1 day', 1
  FROM generate_series(1, 200000) i;

INSERT INTO jobs (id, namespace, name, processing_type, description, source_code_url, latest_run_id, latest_run_at, latest_run_event_id,
                  first_seen_at, first_event_id, last_seen_at)
SELECT md5('j' || i)::uuid, 'ns' || (i % 10), 'job_' || i, 'BATCH', 'job ' || i, NULL, md5('r' || (i * 2 + 1) % 200000)::uuid,
       now() - (i * interval '6 seconds'), 1 + i % 100000, now() - (i * interval '30 seconds'), 1 + i % 100000, now() - (i * interval '6 seconds')
  FROM generate_series(0, 99999) i;
INSERT INTO job_facets (job_id, name, facet, event_time, event_id)
SELECT md5('j' || i)::uuid, 'sql', jsonb_build_object('_producer', 'explain', '_schemaURL', 'explain', 'query', 'SELECT ' || i),
       now() - (i * interval '6 seconds'), 1 + i % 100000
  FROM generate_series(0, 99999) i;

-- A version per finished run (every run but the START ones), reading and writing its run's datasets.
INSERT INTO job_versions (id, job_id, inputs, outputs, location, first_seen_at, first_event_id, first_run_id,
                          last_seen_at, last_event_id, last_run_id)
SELECT md5('jv' || r)::uuid, md5('j' || (r / 2))::uuid,
       jsonb_build_array(jsonb_build_object('namespace', 'ns' || (i % 10), 'name', 'schema_' || (i % 100) || '.table_' || i)),
       jsonb_build_array(jsonb_build_object('namespace', 'ns' || (o % 10), 'name', 'schema_' || (o % 100) || '.table_' || o)),
       NULL, now() - (r * interval '3 seconds'), 1 + r % 100000, md5('r' || r)::uuid,
       now() - (r * interval '3 seconds'), 1 + r % 100000, md5('r' || r)::uuid
  FROM generate_series(0, 199999) r, LATERAL (SELECT 1 + (r * 7) % 100000 AS i, 1 + (r * 7 + 1) % 100000 AS o) d
 WHERE r % 4 <> 2;
INSERT INTO runs (id, job_id, state, state_at, state_event_id, started_at, ended_at, job_version_id, first_seen_at, last_seen_at)
SELECT md5('r' || r)::uuid, md5('j' || (r / 2))::uuid, (ARRAY['COMPLETE','FAIL','START','ABORT'])[1 + r % 4],
       now() - (r * interval '3 seconds'), 1 + r % 100000, now() - (r * interval '3 seconds') - interval '5 minutes',
       CASE WHEN r % 4 = 2 THEN NULL ELSE now() - (r * interval '3 seconds') END,
       CASE WHEN r % 4 = 2 THEN NULL ELSE md5('jv' || r)::uuid END,
       now() - (r * interval '3 seconds') - interval '5 minutes', now() - (r * interval '3 seconds')
  FROM generate_series(0, 199999) r;
INSERT INTO run_facets (run_id, facet_type, name, facet, event_time, event_id)
SELECT md5('r' || r)::uuid, 'run', 'nominalTime', jsonb_build_object('_producer', 'explain', '_schemaURL', 'explain', 'nominalStartTime', now()),
       now() - (r * interval '3 seconds'), 1 + r % 100000
  FROM generate_series(0, 199999) r;
INSERT INTO run_datasets (run_id, direction, dataset_id, version_id, first_seen_at, last_seen_at)
SELECT md5('r' || r)::uuid, d, md5('d' || (1 + (r * 7 + (d = 'output')::int) % 100000))::uuid, NULL,
       now() - (r * interval '3 seconds'), now() - (r * interval '3 seconds')
  FROM generate_series(0, 199999) r, unnest(ARRAY['input', 'output']) d;
INSERT INTO lineage_edges (job_id, direction, dataset_id, first_seen_at, first_event_id, last_seen_at, last_event_id, last_run_id)
SELECT DISTINCT ON (j, d, ds) md5('j' || j)::uuid, d, ds, now() - interval '7 days', 1, now() - (j * interval '6 seconds'), 1 + j % 100000, NULL::uuid
  FROM (SELECT r / 2 AS j, d, md5('d' || (1 + (r * 7 + (d = 'output')::int) % 100000))::uuid AS ds
          FROM generate_series(0, 199999) r, unnest(ARRAY['input', 'output']) d) e;

INSERT INTO tags (target_kind, target_id, field, key, value, source, first_seen_at, last_seen_at, last_event_id)
SELECT 'dataset', md5('d' || i)::uuid, CASE WHEN i % 2 = 0 THEN '' ELSE 'amount' END, 'tag_' || (i % 20), 'true', 'explain', now(), now(), 1
  FROM generate_series(1, 50000) i;
INSERT INTO sources (name, uri, first_seen_at, last_seen_at, last_event_id)
SELECT 'source_' || i, 'postgres://db' || i, now() - (i * interval '10 minutes'), now(), 1 FROM generate_series(0, 999) i;

INSERT INTO column_lineage_heads (dataset_id, field, event_time, event_id)
SELECT md5('d' || i)::uuid, 'amount', now() - (i * interval '5 seconds'), 1 + i % 100000 FROM generate_series(1, 100000) i;
INSERT INTO column_lineage_edges (output_dataset_id, output_field, input_dataset_id, input_field, transformation_type, transformation_subtype,
                                  description, masking, first_seen_at, first_event_id, last_seen_at, last_event_id)
SELECT md5('d' || i)::uuid, 'amount', md5('d' || (1 + (i + 1) % 100000))::uuid, 'amount', 'DIRECT', 'IDENTITY', NULL, false,
       now() - (i * interval '5 seconds'), 1 + i % 100000, now() - (i * interval '5 seconds'), 1 + i % 100000
  FROM generate_series(1, 100000) i;
