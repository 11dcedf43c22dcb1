// The PostgreSQL ceiling: the log's rows (its columns, the event as JSON) inserted without HTTP
// by CONNECTIONS connections, each statement one prepared multi-row insert of BATCH events over
// arrays (unnest), so PostgreSQL is fed as well as it can be. Run into a table with only a primary
// key, then into the store's real tables one index at a time, so each index's cost shows. The
// ceiling's table copies the log's column compression (lz4 where the server has it).
import pg from 'pg';
import { logRow } from './event.mjs';

export const CONNECTIONS = 4;
export const BATCH = 32;

const ROW_COLUMNS = Object.keys(logRow());
/** The content hashes' parameter: the key table takes them before the log (docs/adr/0031-partitioned-log.md). */
const HASHES = `$${ROW_COLUMNS.indexOf('content_hash') + 1}::bytea[]`;

/**
 * The variants, cheapest first. `setup` runs on a migrated database; `sql(columns)` is the insert,
 * given `INSERT`-able column list and the `unnest(...)` select over the parameter arrays.
 */
export const VARIANTS = [
  {
    name: 'primary key only',
    setup: `CREATE TABLE ceiling (LIKE lineage_events INCLUDING DEFAULTS INCLUDING COMPRESSION);
            ALTER TABLE ceiling ADD PRIMARY KEY (id)`,
    sql: (cols, rows) => `INSERT INTO ceiling (${cols}) ${rows}`,
  },
  {
    name: '+ unique content_hash (ON CONFLICT DO NOTHING)',
    setup: `CREATE TABLE ceiling (LIKE lineage_events INCLUDING DEFAULTS INCLUDING COMPRESSION);
            ALTER TABLE ceiling ADD PRIMARY KEY (id);
            CREATE UNIQUE INDEX ON ceiling (content_hash)`,
    sql: (cols, rows) => `INSERT INTO ceiling (${cols}) ${rows} ON CONFLICT (content_hash) DO NOTHING`,
  },
  {
    name: 'the log before partitioning (one table: its indexes, unique content_hash) + projection_queue',
    setup: `CREATE TABLE unpartitioned_log (LIKE lineage_events INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING COMPRESSION);
            ALTER TABLE unpartitioned_log ADD PRIMARY KEY (id);
            CREATE UNIQUE INDEX ON unpartitioned_log (content_hash);
            CREATE INDEX ON unpartitioned_log (event_time);
            CREATE INDEX ON unpartitioned_log (run_id, event_time, id) WHERE run_id IS NOT NULL;
            CREATE INDEX ON unpartitioned_log (event_time, id, event_type) WHERE event_kind = 'run'`,
    sql: (cols, rows) => `
      WITH inserted AS (
        INSERT INTO unpartitioned_log (${cols}) ${rows} ON CONFLICT (content_hash) DO NOTHING
        RETURNING id, content_hash, event_kind, event_type, event_time, run_id, job_namespace, job_name
      ), queued AS (
        INSERT INTO projection_queue (event_id) SELECT id FROM inserted
      )
      SELECT * FROM inserted`,
  },
  {
    name: 'lineage_events (partitioned: all its indexes and checks) + lineage_event_keys',
    setup: '',
    sql: (cols, rows) => `
      WITH new_keys AS (
        INSERT INTO lineage_event_keys (content_hash) SELECT unnest(${HASHES}) ON CONFLICT (content_hash) DO NOTHING RETURNING content_hash
      )
      INSERT INTO lineage_events (${cols}) SELECT * FROM (${rows}) AS r(${cols})
       WHERE r.content_hash IN (SELECT content_hash FROM new_keys) RETURNING id, content_hash`,
  },
  {
    name: 'lineage_events + lineage_event_keys + projection_queue (the store\'s whole write)',
    setup: '',
    sql: (cols, rows) => `
      WITH new_keys AS (
        INSERT INTO lineage_event_keys (content_hash) SELECT unnest(${HASHES}) ON CONFLICT (content_hash) DO NOTHING RETURNING content_hash
      ), inserted AS (
        INSERT INTO lineage_events (${cols}) SELECT * FROM (${rows}) AS r(${cols})
         WHERE r.content_hash IN (SELECT content_hash FROM new_keys)
        RETURNING id, content_hash, event_kind, event_type, event_time, run_id, job_namespace, job_name
      ), queued AS (
        INSERT INTO projection_queue (event_id) SELECT id FROM inserted
      )
      SELECT * FROM inserted`,
  },
];

async function columnTypes(client) {
  const { rows } = await client.query(
    `SELECT attname, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = 'lineage_events'::regclass AND attnum > 0 AND NOT attisdropped`,
  );
  return new Map(rows.map((r) => [r.attname, r.type]));
}

export async function prepareVariant(databaseUrl, variant) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    if (variant.setup) await admin.query(variant.setup);
    const types = await columnTypes(admin);
    const missing = ROW_COLUMNS.filter((c) => !types.has(c));
    if (missing.length) throw new Error(`the bench's log row has columns the log lacks: ${missing.join(', ')}`);
    const rows = `SELECT * FROM unnest(${ROW_COLUMNS.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ')})`;
    return variant.sql(ROW_COLUMNS.join(', '), rows);
  } finally {
    await admin.end();
  }
}

/** One timed run: CONNECTIONS writers loop for durationS seconds. */
export async function insertFor(databaseUrl, sql, durationS) {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      return c;
    }),
  );
  const latencies = [];
  let stored = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < deadline) {
          const rows = Array.from({ length: BATCH }, () => logRow());
          const values = ROW_COLUMNS.map((c) => rows.map((r) => r[c]));
          const t = performance.now();
          await client.query({ name: 'ceiling', text: sql, values });
          latencies.push(performance.now() - t);
          stored += BATCH;
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
  return { eventsPerSecond: stored / elapsedS, p50: at(0.5), p99: at(0.99), non2xx: 0, errors: 0, events: stored, durationS: elapsedS };
}
