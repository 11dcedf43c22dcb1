import { JobMutation } from '../mutations';
import { idList, recordset, Statement, statement } from './sql';

/** `jobs`: span; latest_run_* follow the latest (event time, event id) that named a run of the job. */
export function upsertJobsSql(rows: JobMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['id', 'uuid', (r) => r.id],
    ['namespace', 'text', (r) => r.namespace],
    ['name', 'text', (r) => r.name],
    ['run_id', 'uuid', (r) => r.runId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  const earlier = '(excluded.first_seen_at, excluded.first_event_id) < (j.first_seen_at, j.first_event_id)';
  const laterRun =
    'excluded.latest_run_id IS NOT NULL AND (j.latest_run_id IS NULL OR (excluded.latest_run_at, excluded.latest_run_event_id) > (j.latest_run_at, j.latest_run_event_id))';
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     f AS (SELECT DISTINCT ON (id) id, namespace, name, at, event_id FROM u ORDER BY id, at, event_id),
     g AS (SELECT id, max(at) AS last_at FROM u GROUP BY id),
     r AS (SELECT DISTINCT ON (id) id, run_id, at, event_id FROM u WHERE run_id IS NOT NULL ORDER BY id, at DESC, event_id DESC)
     INSERT INTO jobs AS j (id, namespace, name, first_seen_at, first_event_id, last_seen_at, latest_run_id, latest_run_at, latest_run_event_id)
     SELECT f.id, f.namespace, f.name, f.at, f.event_id, g.last_at, r.run_id, r.at, r.event_id
       FROM f JOIN g USING (id) LEFT JOIN r USING (id)
      ORDER BY f.id
     ON CONFLICT (id) DO UPDATE SET
       first_seen_at       = CASE WHEN ${earlier} THEN excluded.first_seen_at ELSE j.first_seen_at END,
       first_event_id      = CASE WHEN ${earlier} THEN excluded.first_event_id ELSE j.first_event_id END,
       last_seen_at        = greatest(j.last_seen_at, excluded.last_seen_at),
       latest_run_id       = CASE WHEN ${laterRun} THEN excluded.latest_run_id ELSE j.latest_run_id END,
       latest_run_at       = CASE WHEN ${laterRun} THEN excluded.latest_run_at ELSE j.latest_run_at END,
       latest_run_event_id = CASE WHEN ${laterRun} THEN excluded.latest_run_event_id ELSE j.latest_run_event_id END
     WHERE ${earlier} OR excluded.last_seen_at > j.last_seen_at OR ${laterRun}`, source);
}

/** Type, description, SQL and source location: derived from the job's current facets. */
export function deriveJobColumnsSql(jobIds: string[]): Statement | null {
  if (jobIds.length === 0) return null;
  const ids = idList(jobIds);
  return statement(`UPDATE jobs j SET job_type = c.job_type, processing_type = c.processing_type, integration = c.integration,
            description = c.description, sql = c.sql, source_code_type = c.source_code_type, source_code_url = c.source_code_url
       FROM (SELECT id,
                    t->>'jobType' AS job_type, t->>'processingType' AS processing_type, t->>'integration' AS integration,
                    d->>'description' AS description, s->>'query' AS sql, l->>'type' AS source_code_type, l->>'url' AS source_code_url
               FROM ${ids.sql} AS id,
                    LATERAL (SELECT (SELECT facet FROM job_facets WHERE job_id = id AND name = 'jobType') AS t,
                                    (SELECT facet FROM job_facets WHERE job_id = id AND name = 'documentation') AS d,
                                    (SELECT facet FROM job_facets WHERE job_id = id AND name = 'sql') AS s,
                                    (SELECT facet FROM job_facets WHERE job_id = id AND name = 'sourceCodeLocation') AS l) AS facets) c
      WHERE j.id = c.id AND j.id = ANY($1::uuid[])
        AND (j.job_type, j.processing_type, j.integration, j.description, j.sql, j.source_code_type, j.source_code_url)
            IS DISTINCT FROM (c.job_type, c.processing_type, c.integration, c.description, c.sql, c.source_code_type, c.source_code_url)`, ids);
}

/** parent_job_id: derived, the job of the parent run of the job's latest run. */
export function deriveJobParentsSql(jobIds: string[]): Statement | null {
  if (jobIds.length === 0) return null;
  const ids = idList(jobIds);
  return statement(`UPDATE jobs j SET parent_job_id = c.parent_job_id
       FROM (SELECT id, (SELECT p.job_id FROM jobs jj JOIN runs r ON r.id = jj.latest_run_id JOIN runs p ON p.id = r.parent_run_id
                          WHERE jj.id = ids.id) AS parent_job_id
               FROM ${ids.sql} AS ids(id)) c
      WHERE j.id = c.id AND j.id = ANY($1::uuid[]) AND j.parent_job_id IS DISTINCT FROM c.parent_job_id`, ids);
}
