/** One connection's query function: rows out (TypeORM answers a DELETE with [rows, count]). */
export type Query = (sql: string, params?: unknown[]) => Promise<any>;

/** Rows deleted, by read table. */
export type RemovedRows = Record<string, number>;

/**
 * Run-level rows: a run's own rows, keyed by its id. They go with the last of the run's events;
 * a statement each, so no lock is held longer than one table's batch. Children before the run.
 */
const RUN_ROWS: Array<{ table: string; sql: string }> = [
  { table: 'run_facets', sql: 'DELETE FROM run_facets WHERE run_id = ANY($1::uuid[])' },
  { table: 'run_datasets', sql: 'DELETE FROM run_datasets WHERE run_id = ANY($1::uuid[])' },
  { table: 'dataset_quality', sql: 'DELETE FROM dataset_quality WHERE run_id = ANY($1::uuid[])' },
  { table: 'dataset_assertions', sql: 'DELETE FROM dataset_assertions WHERE run_id = ANY($1::uuid[])' },
  { table: 'tags', sql: `DELETE FROM tags WHERE target_kind = 'run' AND target_id = ANY($1::uuid[])` },
  { table: 'runs', sql: 'DELETE FROM runs WHERE id = ANY($1::uuid[])' },
];

/**
 * Rows of retired events that are history, not current state: an event's dataset links, and the
 * versions and column lineage edges a newer one has replaced, whose latest event was retired.
 * Current versions, current edges and every entity stay, so lists and graphs still show what exists.
 */
const EVENT_ROWS: Array<{ table: string; sql: string }> = [
  { table: 'event_datasets', sql: 'DELETE FROM event_datasets WHERE event_id = ANY($1::bigint[])' },
  {
    table: 'dataset_versions',
    sql: `DELETE FROM dataset_versions v WHERE v.last_event_id = ANY($1::bigint[])
             AND NOT EXISTS (SELECT 1 FROM datasets d WHERE d.current_version_id = v.id)`,
  },
  {
    table: 'job_versions',
    sql: `DELETE FROM job_versions v WHERE v.last_event_id = ANY($1::bigint[])
             AND EXISTS (SELECT 1 FROM job_versions n WHERE n.job_id = v.job_id
                            AND (n.last_seen_at, n.last_event_id) > (v.last_seen_at, v.last_event_id))`,
  },
  {
    table: 'column_lineage_edges',
    sql: `DELETE FROM column_lineage_edges e WHERE e.last_event_id = ANY($1::bigint[])
             AND EXISTS (SELECT 1 FROM column_lineage_heads h WHERE h.dataset_id = e.output_dataset_id AND h.field = e.output_field
                            AND (h.event_time, h.event_id) > (e.last_seen_at, e.last_event_id))`,
  },
];

export const RETIRED_ROW_TABLES = [...RUN_ROWS, ...EVENT_ROWS].map((r) => r.table);

/**
 * Deletes the read rows that retired log events leave behind, a batch of ids at a time, one
 * statement per table (its own transaction, outside any other), so that the projection and the
 * reads never wait long on retention. The caller says which runs and events were retired.
 */
export class RetiredReadRows {
  constructor(private readonly query: Query) {}

  /** Runs none of whose events is left in the log: their run-level rows. */
  async removeRuns(runIds: string[], removed: RemovedRows): Promise<void> {
    if (runIds.length === 0) return;
    for (const { table, sql } of RUN_ROWS) removed[table] = (removed[table] ?? 0) + (await this.deleted(sql, runIds));
  }

  /** Retired events: their dataset links, and history rows whose latest event they were. */
  async removeEvents(eventIds: string[], removed: RemovedRows): Promise<void> {
    if (eventIds.length === 0) return;
    for (const { table, sql } of EVENT_ROWS) removed[table] = (removed[table] ?? 0) + (await this.deleted(sql, eventIds));
  }

  /** How many rows of each kind would go for these runs (for a dry run). */
  async countRuns(runIds: string[], counted: RemovedRows): Promise<void> {
    if (runIds.length === 0) return;
    for (const { table, sql } of RUN_ROWS) {
      const [row] = await this.query(sql.replace(/^DELETE FROM (\S+)( \w)? WHERE/, 'SELECT count(*)::int AS n FROM $1$2 WHERE'), [runIds]);
      counted[table] = (counted[table] ?? 0) + row.n;
    }
  }

  private async deleted(sql: string, ids: string[]): Promise<number> {
    const result = await this.query(sql, [ids]);
    // TypeORM's query answers a DELETE with [rows, affected]; pg's with a result.
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : (result?.rowCount ?? 0);
  }
}
