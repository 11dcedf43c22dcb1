import { JobVersionMutation } from '../mutations';
import { recordset, Statement, statement } from './sql';

/**
 * `job_versions`: one row per version id (inputs, outputs and location are part of the id, so
 * they never change); first_* keep the least (event time, event id), last_* the greatest, each
 * with its run.
 */
export function upsertJobVersionsSql(rows: JobVersionMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['id', 'uuid', (r) => r.id],
    ['job_id', 'uuid', (r) => r.jobId],
    ['inputs', 'jsonb', (r) => r.inputs],
    ['outputs', 'jsonb', (r) => r.outputs],
    ['location', 'text', (r) => r.location],
    ['run_id', 'uuid', (r) => r.runId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  const earlier = '(excluded.first_seen_at, excluded.first_event_id) < (x.first_seen_at, x.first_event_id)';
  const later = '(excluded.last_seen_at, excluded.last_event_id) > (x.last_seen_at, x.last_event_id)';
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     f AS (SELECT DISTINCT ON (id) * FROM u ORDER BY id, at, event_id),
     l AS (SELECT DISTINCT ON (id) id, run_id, at, event_id FROM u ORDER BY id, at DESC, event_id DESC)
     INSERT INTO job_versions AS x (id, job_id, inputs, outputs, location, first_seen_at, first_event_id, first_run_id,
                                    last_seen_at, last_event_id, last_run_id)
     SELECT f.id, f.job_id, f.inputs, f.outputs, f.location, f.at, f.event_id, f.run_id, l.at, l.event_id, l.run_id
       FROM f JOIN l USING (id)
      ORDER BY f.id
     ON CONFLICT (id) DO UPDATE SET
       first_seen_at  = CASE WHEN ${earlier} THEN excluded.first_seen_at ELSE x.first_seen_at END,
       first_event_id = CASE WHEN ${earlier} THEN excluded.first_event_id ELSE x.first_event_id END,
       first_run_id   = CASE WHEN ${earlier} THEN excluded.first_run_id ELSE x.first_run_id END,
       last_seen_at   = CASE WHEN ${later} THEN excluded.last_seen_at ELSE x.last_seen_at END,
       last_event_id  = CASE WHEN ${later} THEN excluded.last_event_id ELSE x.last_event_id END,
       last_run_id    = CASE WHEN ${later} THEN excluded.last_run_id ELSE x.last_run_id END
     WHERE ${earlier} OR ${later}`, source);
}
