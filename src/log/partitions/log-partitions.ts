import { boundaryAtOrBefore, coverUntil, PartitionInterval, partitionName, partitionsToCreate } from './partition-interval';

/** One connection's query function (a TypeORM QueryRunner's or DataSource's `query`): rows out. */
export type Query = (sql: string, params?: unknown[]) => Promise<any[]>;

export interface LogPartition {
  name: string;
  /** null: the first partition, which holds everything before `to` (MINVALUE). */
  from: Date | null;
  to: Date;
  /** false: detached by a retirement that stopped before dropping it. */
  attached: boolean;
  /** A DETACH ... CONCURRENTLY that was interrupted: it must be finalized. */
  detachPending: boolean;
}

/** Only partition maintenance takes this transaction-scoped lock: replicas create one at a time. */
const CREATE_LOCK_KEY = 7_364_201_514;
/** Every partition the store makes or the migration made, attached or left detached by retention. */
const PARTITION_NAME = '^lineage_events_(p[0-9]{8}|initial)$';

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;
const bound = (edge: 'FROM' | 'TO') => `(regexp_match(pg_get_expr(c.relpartbound, c.oid), '${edge} \\(''([^'']*)''\\)'))[1]::timestamptz`;
const literal = (time: Date) => `'${time.toISOString()}'`;

/**
 * The partitions of lineage_events: listing them, creating them ahead of the clock, and the steps
 * of retiring one (detach, read, forget its keys, drop). Knows no projection. Every method runs on
 * the one connection `query` belongs to (creation uses a transaction; DETACH CONCURRENTLY none).
 */
export class LogPartitions {
  constructor(private readonly query: Query) {}

  /** Attached partitions in range order, then any left detached by an interrupted retirement. */
  async list(): Promise<LogPartition[]> {
    const rows: Array<{ name: string; from_ms: number | null; to_ms: number | null; attached: boolean; pending: boolean }> = await this.query(
      `SELECT c.relname AS name, ${ms(bound('FROM'))} AS from_ms, ${ms(bound('TO'))} AS to_ms,
              i.inhrelid IS NOT NULL AS attached, coalesce(i.inhdetachpending, false) AS pending
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = current_schema()
         LEFT JOIN pg_inherits i ON i.inhrelid = c.oid AND i.inhparent = 'lineage_events'::regclass
        WHERE c.relkind = 'r' AND c.relname ~ '${PARTITION_NAME}'`,
    );
    const detachedBound = async (name: string) => {
      // A detached table keeps no bound; its rows say how old it is.
      const [row] = await this.query(`SELECT ${ms('max(received_at)')} AS to_ms FROM ${name}`);
      return row.to_ms === null ? new Date(0) : new Date(row.to_ms);
    };
    const partitions: LogPartition[] = [];
    for (const row of rows) {
      partitions.push({
        name: row.name,
        from: row.from_ms === null ? null : new Date(row.from_ms),
        to: row.attached && row.to_ms !== null ? new Date(row.to_ms) : await detachedBound(row.name),
        attached: row.attached,
        detachPending: row.pending,
      });
    }
    return partitions.sort((a, b) => Number(b.attached) - Number(a.attached) || a.to.getTime() - b.to.getTime());
  }

  /**
   * Creates partitions until the log is covered to `coverUntil(now)`, one short transaction each
   * (a new table, then ATTACH, which lets appends and reads go on). Returns the names created.
   */
  async ensureAhead(interval: PartitionInterval, now = new Date()): Promise<string[]> {
    const until = coverUntil(now, interval);
    const created: string[] = [];
    for (;;) {
      await this.query('BEGIN');
      try {
        await this.query('SELECT pg_advisory_xact_lock($1)', [CREATE_LOCK_KEY]);
        // A log with no partition at all starts at the current interval.
        const end = (await this.coveredUntil()) ?? boundaryAtOrBefore(now, interval);
        const [range] = end < until ? partitionsToCreate(end, now, until, interval) : [];
        if (range) {
          const name = partitionName(range.from);
          await this.query(`SET LOCAL lock_timeout = '5s'`);
          await this.query(`CREATE TABLE ${name} (LIKE lineage_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING COMPRESSION)`);
          await this.query(`ALTER TABLE lineage_events ATTACH PARTITION ${name} FOR VALUES FROM (${literal(range.from)}) TO (${literal(range.to)})`);
          created.push(name);
        }
        await this.query('COMMIT');
        if (!range) return created;
      } catch (error) {
        await this.query('ROLLBACK');
        throw error;
      }
    }
  }

  /** The upper bound of the last attached partition: events received from then on have no partition. */
  async coveredUntil(): Promise<Date | null> {
    const [row] = await this.query(
      `SELECT ${ms(`max(${bound('TO')})`)} AS to_ms FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'lineage_events'::regclass`,
    );
    return row.to_ms === null ? null : new Date(row.to_ms);
  }

  /** Attached partitions wholly older than `cutoff`, and any a retirement left detached. */
  async retirable(cutoff: Date): Promise<LogPartition[]> {
    return (await this.list()).filter((p) => !p.attached || p.detachPending || p.to <= cutoff);
  }

  /** Rows (counted) and bytes on disk (table, TOAST and indexes) of one partition. */
  async size(name: string): Promise<{ rows: number; bytes: number }> {
    const [row] = await this.query(`SELECT (SELECT count(*) FROM ${name})::float8 AS rows, pg_total_relation_size('${name}')::float8 AS bytes`);
    return { rows: row.rows, bytes: row.bytes };
  }

  /**
   * Takes the partition out of the log. CONCURRENTLY (PostgreSQL 14+) waits for the transactions
   * that may see it instead of locking out appends and reads; it runs outside a transaction.
   */
  async detach(partition: LogPartition): Promise<void> {
    if (partition.detachPending) {
      await this.query(`ALTER TABLE lineage_events DETACH PARTITION ${partition.name} FINALIZE`);
    } else if (partition.attached) {
      const [{ version }] = await this.query(`SELECT current_setting('server_version_num')::int AS version`);
      await this.query(`ALTER TABLE lineage_events DETACH PARTITION ${partition.name}${version >= 140000 ? ' CONCURRENTLY' : ''}`);
    }
  }

  /** The distinct run ids of a detached partition after `after`, in order. */
  async runIdsIn(name: string, after: string | null, limit: number): Promise<string[]> {
    const rows: Array<{ run_id: string }> = await this.query(
      `SELECT DISTINCT run_id FROM ${name} WHERE run_id IS NOT NULL ${after ? 'AND run_id > $2' : ''} ORDER BY run_id LIMIT $1`,
      after ? [limit, after] : [limit],
    );
    return rows.map((r) => r.run_id);
  }

  /** The event ids of a detached partition after `after`, in order. */
  async eventIdsIn(name: string, after: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.query(`SELECT id FROM ${name} WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
    return rows.map((r) => String(r.id));
  }

  /** Of these run ids, those some event still in the log names (outside the partitions `excluding`). */
  async runsStillLogged(runIds: string[], excluding: string[] = []): Promise<Set<string>> {
    const rows: Array<{ run_id: string }> = await this.query(
      `SELECT DISTINCT run_id FROM lineage_events WHERE run_id = ANY($1::uuid[]) AND tableoid::regclass::text <> ALL($2::text[])`,
      [runIds, excluding],
    );
    return new Set(rows.map((r) => r.run_id));
  }

  /**
   * Removes a detached partition's content hashes from lineage_event_keys, `batch` at a time, each
   * batch its own statement: an event sent again after this is stored again. Returns the count,
   * and whether every key is forgotten (`stop` may end it between batches).
   */
  async forgetKeys(name: string, batch: number, stop: () => boolean = () => false): Promise<{ forgotten: number; done: boolean }> {
    let after = '0';
    let forgotten = 0;
    for (;;) {
      if (stop()) return { forgotten, done: false };
      const [row]: Array<{ last: string | null; gone: number }> = await this.query(
        `WITH batch AS (SELECT id, content_hash FROM ${name} WHERE id > $1 ORDER BY id LIMIT $2),
              gone AS (DELETE FROM lineage_event_keys k USING batch b WHERE k.content_hash = b.content_hash RETURNING 1)
         SELECT (SELECT max(id) FROM batch)::text AS last, (SELECT count(*) FROM gone)::int AS gone`,
        [after, batch],
      );
      if (row.last === null) return { forgotten, done: true };
      forgotten += row.gone;
      after = row.last;
    }
  }

  async drop(name: string): Promise<void> {
    await this.query(`DROP TABLE ${name}`);
  }

  /** What operators watch: partitions, bytes, and the received time of the oldest event. */
  async stats(): Promise<{ partitions: number; bytes: number; oldestReceivedAt: Date | null; coveredUntil: Date | null }> {
    const attached = (await this.list()).filter((p) => p.attached);
    const [sizes] = await this.query(
      `SELECT coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)::float8 AS bytes
         FROM pg_inherits i WHERE i.inhparent = 'lineage_events'::regclass`,
    );
    let oldestReceivedAt: Date | null = null;
    for (const partition of attached) {
      // Ids follow arrival: the lowest id of the oldest non-empty partition is its oldest event,
      // found through its primary key without reading the partition.
      const [row] = await this.query(`SELECT ${ms('received_at')} AS at FROM ${partition.name} ORDER BY id LIMIT 1`);
      if (row) {
        oldestReceivedAt = new Date(row.at);
        break;
      }
    }
    return { partitions: attached.length, bytes: sizes.bytes, oldestReceivedAt, coveredUntil: await this.coveredUntil() };
  }
}
