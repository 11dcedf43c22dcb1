import { DatasetMutation, DatasetVersionMutation, EventDatasetMutation, SymlinkMutation } from '../mutations';
import { compareStamps, idList, recordset, stampEndsPerKey, Statement, statement } from './sql';

/** The rows the statement can pick per dataset: the first, the last, and one saying 'dataset'. */
function datasetRowsThatCount(rows: DatasetMutation[]): DatasetMutation[] {
  const ends = stampEndsPerKey(rows, (r) => r.id, 'first and last');
  const named = new Set(ends.filter((r) => r.kind === 'dataset').map((r) => r.id));
  const namedElsewhere = rows.filter((r) => r.kind === 'dataset' && !named.has(r.id) && named.add(r.id));
  return [...ends, ...namedElsewhere];
}

/**
 * `datasets`: span (first seen with its event, last seen); 'dataset' wins over 'symlink'.
 */
export function upsertDatasetsSql(rows: DatasetMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(datasetRowsThatCount(rows), [
    ['id', 'uuid', (r) => r.id],
    ['namespace', 'text', (r) => r.namespace],
    ['name', 'text', (r) => r.name],
    ['scheme', 'text', (r) => r.scheme],
    ['authority', 'text', (r) => r.authority],
    ['kind', 'text', (r) => r.kind],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     f AS (SELECT DISTINCT ON (id) id, namespace, name, scheme, authority, at, event_id FROM u ORDER BY id, at, event_id),
     g AS (SELECT id, max(at) AS last_at, CASE WHEN bool_or(kind = 'dataset') THEN 'dataset' ELSE 'symlink' END AS kind FROM u GROUP BY id)
     INSERT INTO datasets AS d (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id)
     SELECT f.id, f.namespace, f.name, f.scheme, f.authority, g.kind, f.at, g.last_at, f.event_id FROM f JOIN g USING (id)
     ORDER BY f.id
     ON CONFLICT (id) DO UPDATE SET
       first_seen_at  = least(d.first_seen_at, excluded.first_seen_at),
       last_seen_at   = greatest(d.last_seen_at, excluded.last_seen_at),
       kind           = CASE WHEN 'dataset' IN (d.kind, excluded.kind) THEN 'dataset' ELSE 'symlink' END,
       first_event_id = CASE WHEN (excluded.first_seen_at, excluded.first_event_id) < (d.first_seen_at, d.first_event_id)
                             THEN excluded.first_event_id ELSE d.first_event_id END
     WHERE excluded.first_seen_at < d.first_seen_at
        OR excluded.last_seen_at > d.last_seen_at
        OR (excluded.kind = 'dataset' AND d.kind = 'symlink')
        OR (excluded.first_seen_at = d.first_seen_at AND excluded.first_event_id < d.first_event_id)`, source);
}

/**
 * The current version: ranked by (typed, event time, event id), so a name-only schema never
 * replaces a typed one and an older event never replaces a newer one.
 */
const VERSION_RANK = (alias: string, typed: string, at: string, eventId: string) => `(${alias}.${typed}, ${alias}.${at}, ${alias}.${eventId})`;

export function upsertCurrentVersionsSql(rows: DatasetVersionMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(bestVersionPerDataset(rows), [
    ['dataset_id', 'uuid', (r) => r.datasetId],
    ['id', 'uuid', (r) => r.id],
    ['typed', 'boolean', (r) => r.typed],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  return statement(`UPDATE datasets d SET current_version_id = c.id, current_version_typed = c.typed,
            current_version_at = c.at, current_version_event_id = c.event_id
       FROM (SELECT DISTINCT ON (dataset_id) * FROM ${source.sql}
              ORDER BY dataset_id, ${VERSION_RANK('u', 'typed', 'at', 'event_id')} DESC) c
      WHERE d.id = c.dataset_id
        AND (d.current_version_id IS NULL
             OR ${VERSION_RANK('c', 'typed', 'at', 'event_id')} > ${VERSION_RANK('d', 'current_version_typed', 'current_version_at', 'current_version_event_id')})`, source);
}

/** Per dataset, the one row the statement's DISTINCT ON keeps: the greatest VERSION_RANK. */
export function bestVersionPerDataset(rows: DatasetVersionMutation[]): DatasetVersionMutation[] {
  const best = new Map<string, DatasetVersionMutation>();
  for (const row of rows) {
    const b = best.get(row.datasetId);
    if (!b || (row.typed !== b.typed ? row.typed : compareStamps(row, b) > 0)) best.set(row.datasetId, row);
  }
  return [...best.values()];
}

/** `description` and `source_name`: derived from the current `documentation` and `dataSource` facets. */
export function deriveDatasetColumnsSql(datasetIds: string[]): Statement | null {
  if (datasetIds.length === 0) return null;
  const ids = idList(datasetIds);
  return statement(`UPDATE datasets d SET description = c.description, source_name = c.source_name
       FROM (SELECT id,
                    (SELECT facet->>'description' FROM dataset_facets WHERE dataset_id = id AND name = 'documentation') AS description,
                    (SELECT facet->>'name' FROM dataset_facets WHERE dataset_id = id AND name = 'dataSource') AS source_name
               FROM ${ids.sql} AS id) c
      WHERE d.id = c.id AND d.id = ANY($1::uuid[])
        AND (d.description, d.source_name) IS DISTINCT FROM (c.description, c.source_name)`, ids);
}

/** `event_datasets`: insert-only. */
export function upsertEventDatasetsSql(rows: EventDatasetMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['event_id', 'bigint', (r) => r.eventId],
    ['dataset_id', 'uuid', (r) => r.datasetId],
    ['role', 'text', (r) => r.role],
  ]);
  return statement(`INSERT INTO event_datasets (event_id, dataset_id, role)
     SELECT DISTINCT event_id, dataset_id, role FROM ${source.sql} ORDER BY 1, 2, 3
     ON CONFLICT DO NOTHING`, source);
}

/** `dataset_symlinks`: the earliest event (by id) that declared the link gives its type. */
export function upsertSymlinksSql(rows: SymlinkMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['dataset_id', 'uuid', (r) => r.datasetId],
    ['symlink_dataset_id', 'uuid', (r) => r.symlinkDatasetId],
    ['symlink_type', 'text', (r) => r.symlinkType],
    ['first_event_id', 'bigint', (r) => r.eventId],
  ]);
  return statement(`INSERT INTO dataset_symlinks AS s (dataset_id, symlink_dataset_id, symlink_type, first_event_id)
     SELECT DISTINCT ON (dataset_id, symlink_dataset_id) * FROM ${source.sql}
      ORDER BY dataset_id, symlink_dataset_id, first_event_id
     ON CONFLICT (dataset_id, symlink_dataset_id) DO UPDATE SET
       symlink_type   = excluded.symlink_type,
       first_event_id = excluded.first_event_id
     WHERE excluded.first_event_id < s.first_event_id`, source);
}
