import { RunFacetMutation, RunMutation } from '../mutations';
import { Column, recordset, Statement, statement } from './sql';

const TERMINAL = `('COMPLETE', 'FAIL', 'ABORT')`;
/**
 * A run's state rank: a terminal state beats any other, then the later event time, then the
 * greater event id. START, RUNNING or OTHER therefore never move a finished run back.
 */
const RANK = (alias: string, state: string, at: string, eventId: string) =>
  `(${alias}.${state} IN ${TERMINAL}, ${alias}.${at}, ${alias}.${eventId})`;

const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/** Each run column derived from a run facet: the facet it reads, and how (given the facet's SQL). */
const DERIVED = [
  { column: 'nominal_start_time', facet: 'nominalTime', sql: (f: string) => `lineage_try_timestamptz(${f}->>'nominalStartTime')` },
  { column: 'nominal_end_time', facet: 'nominalTime', sql: (f: string) => `lineage_try_timestamptz(${f}->>'nominalEndTime')` },
  { column: 'error_message', facet: 'errorMessage', sql: (f: string) => `${f}->>'message'` },
  {
    column: 'parent_run_id',
    facet: 'parent',
    sql: (f: string) => `CASE WHEN ${f}->'run'->>'runId' ~ ${UUID} AND lower(${f}->'run'->>'runId') <> b.id::text THEN (${f}->'run'->>'runId')::uuid END`,
  },
];
const DERIVING_FACETS = [...new Set(DERIVED.map((d) => d.facet))];
const carries = (facet: string) => `carries_${facet.toLowerCase()}`;
const facetColumn = (facet: string) => `facet_${facet.toLowerCase()}`;

/**
 * `runs`: state by rank (a mention without state never sets one), ended_at and job_version_id
 * follow it; started_at the earliest START; span. Nominal times, error message and parent run
 * come from the run's merged facets, which this batch wrote just before (see batchStatements).
 * A column is set only by a batch that carries the facet it reads: that batch's run_facets upsert
 * wrote the facet's row or, if the batch's event is older, locked it (see latestSql), so its read
 * is the latest until it commits. The values an upsert proposes are read before it waits for
 * another batch's lock on the run and may be stale: columns whose facet the batch does not carry
 * keep the locked row's (ADR 0008, addendum 4). A batch that carries none of those facets does not
 * read run_facets at all, so it never locks that table after runs (TRUNCATE locks it first).
 */
export function upsertRunsSql(rows: RunMutation[], facets: RunFacetMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const carried = new Map(DERIVING_FACETS.map((name) => [name, new Set<string>()]));
  for (const f of facets) if (f.facetType === 'run') carried.get(f.name)?.add(f.runId);
  const derives = [...carried.values()].some((runs) => runs.size > 0);
  const derived = derives ? DERIVED : [];
  const source = recordset(rows, [
    ['id', 'uuid', (r) => r.id],
    ['job_id', 'uuid', (r) => r.jobId],
    ['state', 'text', (r) => r.state],
    ['job_version_id', 'uuid', (r) => r.jobVersionId],
    ['at', 'timestamptz', (r) => r.at],
    ['event_id', 'bigint', (r) => r.eventId],
    ...(derives ? DERIVING_FACETS.map((name): Column<RunMutation> => [carries(name), 'boolean', (r) => carried.get(name)!.has(r.id)]) : []),
  ]);
  const wins = `excluded.state IS NOT NULL AND (x.state IS NULL OR ${RANK('excluded', 'state', 'state_at', 'state_event_id')} > ${RANK('x', 'state', 'state_at', 'state_event_id')})`;
  const readFacet = (name: string) =>
    `CASE WHEN b.${carries(name)} THEN (SELECT facet FROM run_facets WHERE run_id = b.id AND facet_type = 'run' AND name = '${name}') END AS ${facetColumn(name)}`;
  const derivedValue = (d: (typeof DERIVED)[number]) => `CASE WHEN x.id IN (SELECT id FROM b WHERE ${carries(d.facet)}) THEN excluded.${d.column} ELSE x.${d.column} END`;
  const readDerived = derives
    ? `,
     d AS (SELECT b.id, ${DERIVED.map((c) => `${c.sql(`f.${facetColumn(c.facet)}`)} AS ${c.column}`).join(', ')}
             FROM b, LATERAL (SELECT ${DERIVING_FACETS.map(readFacet).join(', ')}) AS f)`
    : '';
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     g AS (SELECT id, min(at) AS first_at, max(at) AS last_at, min(at) FILTER (WHERE state = 'START') AS started_at FROM u GROUP BY id),
     b AS (SELECT DISTINCT ON (id) * FROM u ORDER BY id, state IS NOT NULL DESC, ${RANK('u', 'state', 'at', 'event_id')} DESC),
     j AS (SELECT DISTINCT ON (id) id, job_id FROM u ORDER BY id, at, event_id)${readDerived}
     INSERT INTO runs AS x (id, job_id, state, state_at, state_event_id, started_at, ended_at, job_version_id, first_seen_at, last_seen_at${derived.map((c) => `, ${c.column}`).join('')})
     SELECT b.id, j.job_id, b.state,
            CASE WHEN b.state IS NOT NULL THEN b.at END, CASE WHEN b.state IS NOT NULL THEN b.event_id END,
            g.started_at, CASE WHEN b.state IN ${TERMINAL} THEN b.at END, b.job_version_id, g.first_at, g.last_at${derived.map((c) => `, d.${c.column}`).join('')}
       FROM b JOIN g USING (id) JOIN j USING (id)${derives ? ' JOIN d USING (id)' : ''}
      ORDER BY b.id
     ON CONFLICT (id) DO UPDATE SET
       state          = CASE WHEN ${wins} THEN excluded.state ELSE x.state END,
       state_at       = CASE WHEN ${wins} THEN excluded.state_at ELSE x.state_at END,
       state_event_id = CASE WHEN ${wins} THEN excluded.state_event_id ELSE x.state_event_id END,
       ended_at       = CASE WHEN ${wins} THEN excluded.ended_at ELSE x.ended_at END,
       job_version_id = CASE WHEN ${wins} THEN excluded.job_version_id ELSE x.job_version_id END,
       started_at     = least(x.started_at, excluded.started_at),
       first_seen_at  = least(x.first_seen_at, excluded.first_seen_at),
       last_seen_at   = greatest(x.last_seen_at, excluded.last_seen_at)${derived.map((c) => `,
       ${c.column} = ${derivedValue(c)}`).join('')}
     WHERE ${wins}
        OR excluded.first_seen_at < x.first_seen_at OR excluded.last_seen_at > x.last_seen_at
        OR excluded.started_at < coalesce(x.started_at, 'infinity')${
          derives ? `
        OR (${DERIVED.map((c) => `x.${c.column}`).join(', ')}) IS DISTINCT FROM (${DERIVED.map(derivedValue).join(', ')})` : ''
        }`, source);
}
