import { DatasetVersionMutation } from '../mutations';
import { compareStamps, recordset, stampEndsPerKey, Statement, statement } from './sql';

/**
 * `dataset_versions`: span; a typed version's fields (their descriptions) follow the latest
 * event; a name-only version's fields are the union of the names seen (lineage_field_union);
 * created_by_run_id is the earliest output of that schema.
 */
export function upsertDatasetVersionsSql(rows: DatasetVersionMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(versionRowsThatCount(rows), [
    ['id', 'uuid', (r) => r.id],
    ['dataset_id', 'uuid', (r) => r.datasetId],
    ['schema_hash', 'text', (r) => r.schemaHash],
    ['fields', 'jsonb', (r) => r.fields],
    ['typed', 'boolean', (r) => r.typed],
    ['run_id', 'uuid', (r) => r.producedByRunId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  const later = '(excluded.last_seen_at, excluded.last_event_id) > (v.last_seen_at, v.last_event_id)';
  const earlier = '(excluded.first_seen_at, excluded.first_event_id) < (v.first_seen_at, v.first_event_id)';
  const createdEarlier =
    'excluded.created_at IS NOT NULL AND (v.created_at IS NULL OR (excluded.created_at, excluded.created_event_id) < (v.created_at, v.created_event_id))';
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     f AS (SELECT DISTINCT ON (id) id, at, event_id FROM u ORDER BY id, at, event_id),
     l AS (SELECT DISTINCT ON (id) * FROM u ORDER BY id, at DESC, event_id DESC),
     n AS (SELECT id, lineage_field_union(jsonb_path_query_array(jsonb_agg(fields), '$[*][*]')) AS fields FROM u WHERE NOT typed GROUP BY id),
     c AS (SELECT DISTINCT ON (id) id, run_id, at, event_id FROM u WHERE run_id IS NOT NULL ORDER BY id, at, event_id)
     INSERT INTO dataset_versions AS v (id, dataset_id, schema_hash, fields, typed, first_seen_at, first_event_id,
                                        last_seen_at, last_event_id, created_by_run_id, created_at, created_event_id)
     SELECT l.id, l.dataset_id, l.schema_hash, CASE WHEN l.typed THEN l.fields ELSE n.fields END, l.typed,
            f.at, f.event_id, l.at, l.event_id, c.run_id, c.at, c.event_id
       FROM l JOIN f USING (id) LEFT JOIN n USING (id) LEFT JOIN c USING (id)
      ORDER BY l.id
     ON CONFLICT (id) DO UPDATE SET
       first_seen_at     = CASE WHEN ${earlier} THEN excluded.first_seen_at ELSE v.first_seen_at END,
       first_event_id    = CASE WHEN ${earlier} THEN excluded.first_event_id ELSE v.first_event_id END,
       last_seen_at      = CASE WHEN ${later} THEN excluded.last_seen_at ELSE v.last_seen_at END,
       last_event_id     = CASE WHEN ${later} THEN excluded.last_event_id ELSE v.last_event_id END,
       fields            = CASE WHEN NOT v.typed THEN lineage_field_union(v.fields || excluded.fields)
                                WHEN ${later} THEN excluded.fields ELSE v.fields END,
       created_by_run_id = CASE WHEN ${createdEarlier} THEN excluded.created_by_run_id ELSE v.created_by_run_id END,
       created_at        = CASE WHEN ${createdEarlier} THEN excluded.created_at ELSE v.created_at END,
       created_event_id  = CASE WHEN ${createdEarlier} THEN excluded.created_event_id ELSE v.created_event_id END
     WHERE ${earlier} OR ${later} OR ${createdEarlier}
        OR (NOT v.typed AND lineage_field_union(v.fields || excluded.fields) <> v.fields)`, source);
}

/**
 * Per version, the rows the statement can pick: its first and last event, its first output, and
 * every name-only row (their field names are merged). A batch names a hub dataset's version in
 * many events, each with the whole schema; the rest would be sent and sorted only to be dropped.
 */
export function versionRowsThatCount(rows: DatasetVersionMutation[]): DatasetVersionMutation[] {
  const firstOutputs = new Map<string, DatasetVersionMutation>();
  for (const row of rows) {
    const first = firstOutputs.get(row.id);
    if (row.producedByRunId !== null && (!first || compareStamps(row, first) < 0)) firstOutputs.set(row.id, row);
  }
  const kept = new Set([...stampEndsPerKey(rows, (r) => r.id, 'first and last'), ...firstOutputs.values(), ...rows.filter((r) => !r.typed)]);
  return rows.filter((r) => kept.has(r));
}
