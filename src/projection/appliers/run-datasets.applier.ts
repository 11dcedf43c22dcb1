import { RunDatasetMutation } from '../mutations';
import { recordset, Statement, statement } from './sql';

/** `run_datasets`: span (times); the version follows the latest event that stated a typed one. */
export function upsertRunDatasetsSql(rows: RunDatasetMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['run_id', 'uuid', (r) => r.runId],
    ['direction', 'text', (r) => r.direction],
    ['dataset_id', 'uuid', (r) => r.datasetId],
    ['version_id', 'uuid', (r) => r.versionId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  const newer =
    'excluded.version_id IS NOT NULL AND (x.version_id IS NULL OR (excluded.version_at, excluded.version_event_id) > (x.version_at, x.version_event_id))';
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     g AS (SELECT run_id, direction, dataset_id, min(at) AS first_at, max(at) AS last_at FROM u GROUP BY 1, 2, 3),
     v AS (SELECT DISTINCT ON (run_id, direction, dataset_id) run_id, direction, dataset_id, version_id, at, event_id
             FROM u WHERE version_id IS NOT NULL ORDER BY run_id, direction, dataset_id, at DESC, event_id DESC)
     INSERT INTO run_datasets AS x (run_id, direction, dataset_id, version_id, version_at, version_event_id, first_seen_at, last_seen_at)
     SELECT g.run_id, g.direction, g.dataset_id, v.version_id, v.at, v.event_id, g.first_at, g.last_at
       FROM g LEFT JOIN v USING (run_id, direction, dataset_id)
      ORDER BY g.run_id, g.direction, g.dataset_id
     ON CONFLICT (run_id, direction, dataset_id) DO UPDATE SET
       version_id       = CASE WHEN ${newer} THEN excluded.version_id ELSE x.version_id END,
       version_at       = CASE WHEN ${newer} THEN excluded.version_at ELSE x.version_at END,
       version_event_id = CASE WHEN ${newer} THEN excluded.version_event_id ELSE x.version_event_id END,
       first_seen_at    = least(x.first_seen_at, excluded.first_seen_at),
       last_seen_at     = greatest(x.last_seen_at, excluded.last_seen_at)
     WHERE ${newer} OR excluded.first_seen_at < x.first_seen_at OR excluded.last_seen_at > x.last_seen_at`, source);
}
