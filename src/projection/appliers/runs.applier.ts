import { RunFacetMutation, RunMutation } from '../mutations';
import { idList, recordset, Statement, statement } from './sql';

const TERMINAL = `('COMPLETE', 'FAIL', 'ABORT')`;
/**
 * A run's state rank: a terminal state beats any other, then the later event time, then the
 * greater event id. START, RUNNING or OTHER therefore never move a finished run back.
 */
const RANK = (alias: string, state: string, at: string, eventId: string) =>
  `(${alias}.${state} IN ${TERMINAL}, ${alias}.${at}, ${alias}.${eventId})`;

/**
 * `runs`: state by rank (a mention without state never sets one), ended_at and job_version_id
 * follow it; started_at the earliest START; span.
 */
export function upsertRunsSql(rows: RunMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [
    ['id', 'uuid', (r) => r.id],
    ['job_id', 'uuid', (r) => r.jobId],
    ['state', 'text', (r) => r.state],
    ['job_version_id', 'uuid', (r) => r.jobVersionId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
  ]);
  const wins = `excluded.state IS NOT NULL AND (x.state IS NULL OR ${RANK('excluded', 'state', 'state_at', 'state_event_id')} > ${RANK('x', 'state', 'state_at', 'state_event_id')})`;
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     g AS (SELECT id, min(at) AS first_at, max(at) AS last_at, min(at) FILTER (WHERE state = 'START') AS started_at FROM u GROUP BY id),
     b AS (SELECT DISTINCT ON (id) * FROM u ORDER BY id, state IS NOT NULL DESC, ${RANK('u', 'state', 'at', 'event_id')} DESC),
     j AS (SELECT DISTINCT ON (id) id, job_id FROM u ORDER BY id, at, event_id)
     INSERT INTO runs AS x (id, job_id, state, state_at, state_event_id, started_at, ended_at, job_version_id, first_seen_at, last_seen_at)
     SELECT b.id, j.job_id, b.state,
            CASE WHEN b.state IS NOT NULL THEN b.at END, CASE WHEN b.state IS NOT NULL THEN b.event_id END,
            g.started_at, CASE WHEN b.state IN ${TERMINAL} THEN b.at END, b.job_version_id, g.first_at, g.last_at
       FROM b JOIN g USING (id) JOIN j USING (id)
      ORDER BY b.id
     ON CONFLICT (id) DO UPDATE SET
       state          = CASE WHEN ${wins} THEN excluded.state ELSE x.state END,
       state_at       = CASE WHEN ${wins} THEN excluded.state_at ELSE x.state_at END,
       state_event_id = CASE WHEN ${wins} THEN excluded.state_event_id ELSE x.state_event_id END,
       ended_at       = CASE WHEN ${wins} THEN excluded.ended_at ELSE x.ended_at END,
       job_version_id = CASE WHEN ${wins} THEN excluded.job_version_id ELSE x.job_version_id END,
       started_at     = least(x.started_at, excluded.started_at),
       first_seen_at  = least(x.first_seen_at, excluded.first_seen_at),
       last_seen_at   = greatest(x.last_seen_at, excluded.last_seen_at)
     WHERE ${wins}
        OR excluded.first_seen_at < x.first_seen_at OR excluded.last_seen_at > x.last_seen_at
        OR excluded.started_at < coalesce(x.started_at, 'infinity')`, source);
}

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/** The run facets the derived columns read: a batch without one of them cannot change those columns. */
const DERIVING_FACETS = new Set(['nominalTime', 'errorMessage', 'parent']);

/** Nominal times, error message and parent run: derived from the run's merged facets. */
export function deriveRunColumnsSql(facets: RunFacetMutation[]): Statement | null {
  const runIds = facets.filter((f) => f.facetType === 'run' && DERIVING_FACETS.has(f.name)).map((f) => f.runId);
  if (runIds.length === 0) return null;
  const ids = idList(runIds);
  return statement(`UPDATE runs r SET nominal_start_time = c.nominal_start_time, nominal_end_time = c.nominal_end_time,
            error_message = c.error_message, parent_run_id = c.parent_run_id
       FROM (SELECT id,
                    lineage_try_timestamptz(n->>'nominalStartTime') AS nominal_start_time,
                    lineage_try_timestamptz(n->>'nominalEndTime') AS nominal_end_time,
                    e->>'message' AS error_message,
                    CASE WHEN p->'run'->>'runId' ~ ${UUID} AND lower(p->'run'->>'runId') <> id::text
                         THEN (p->'run'->>'runId')::uuid END AS parent_run_id
               FROM ${ids.sql} AS id,
                    LATERAL (SELECT (SELECT facet FROM run_facets WHERE run_id = id AND facet_type = 'run' AND name = 'nominalTime') AS n,
                                    (SELECT facet FROM run_facets WHERE run_id = id AND facet_type = 'run' AND name = 'errorMessage') AS e,
                                    (SELECT facet FROM run_facets WHERE run_id = id AND facet_type = 'run' AND name = 'parent') AS p) AS facets) c
      WHERE r.id = c.id AND r.id = ANY($1::uuid[])
        AND (r.nominal_start_time, r.nominal_end_time, r.error_message, r.parent_run_id)
            IS DISTINCT FROM (c.nominal_start_time, c.nominal_end_time, c.error_message, c.parent_run_id)`, ids);
}
