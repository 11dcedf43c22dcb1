// npm run bench:lifecycle: the log's lifecycle on BENCH_EVENTS events (1,000,000 by default).
//   1. The migration of an unpartitioned log (migrations/1796304106326-partitioned-log.sql), step
//      by step, timed, while one connection appends an event at a time: how long each step took,
//      how long the swap (the only step that locks appends out) held its lock, and the longest
//      append meanwhile.
//   2. The retirement of a partition of BENCH_EVENTS events (with a run per two events and an
//      event_datasets link per event), while one connection appends and one reads by run id: how
//      long it took, and the appends' and reads' latency before and during it.
// BENCH_PARTS ('migration retirement') runs either or both. Prints a JSON report per part.
// The payloads are small (about 250 bytes): the steps that scan (validation,
// index build, key fill) scale with the rows and the table's size, the swap with neither.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { migrate, startPostgres } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PARTITIONING = '1796304106326-partitioned-log.sql';
const WEEK_MS = 7 * 86_400_000;
const require = (await import('node:module')).createRequire(import.meta.url);
// BENCH_DIST: the built modules, if not this checkout's dist/.
const DIST = process.env.BENCH_DIST ?? path.join(ROOT, 'dist');
const { migrationQueries } = require(path.join(DIST, 'database/sql-migrations.js'));
const { LogPartitions } = require(path.join(DIST, 'log/partitions/log-partitions.js'));
const { runRetention } = require(path.join(DIST, 'lifecycle/retention.js'));

const log = (msg) => process.stderr.write(`${msg}\n`);
const ms = (since) => Number(process.hrtime.bigint() - since) / 1e6;
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : null;
};
const round = (x) => (x === null ? null : Math.round(x * 10) / 10);

async function connect(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function createDatabase(adminUrl, name) {
  const admin = await connect(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/** A loop running `statement` one at a time until stopped, recording each latency with its start. */
function loop(url, statement) {
  const samples = [];
  let running = true;
  const done = (async () => {
    const client = await connect(url);
    let i = 0;
    while (running) {
      const started = process.hrtime.bigint();
      const at = Date.now();
      await client.query(...statement(i++));
      samples.push({ at, ms: ms(started) });
    }
    await client.end();
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
    },
  };
}

const within = (samples, from, to) => samples.filter((s) => s.at >= from && s.at <= to).map((s) => s.ms);
const summary = (xs) => ({ count: xs.length, p50Ms: round(quantile(xs, 0.5)), p99Ms: round(quantile(xs, 0.99)), maxMs: round(xs.length ? Math.max(...xs) : null) });

const APPEND = (i) => [
  `WITH k AS (INSERT INTO lineage_event_keys (content_hash) VALUES (sha256(convert_to('append-' || $1::text, 'UTF8'))) ON CONFLICT DO NOTHING RETURNING content_hash)
   INSERT INTO lineage_events (event_kind, event_time, content_hash, payload, payload_bytes) SELECT 'job', now(), content_hash, '{}', 2 FROM k`,
  [`${process.pid}-${Date.now()}-${i}`],
];
/** Before the swap the log has its own unique hash index; after it the key table: a plain insert works on both. */
const PLAIN_APPEND = (i) => [
  `INSERT INTO lineage_events (event_kind, event_time, content_hash, payload, payload_bytes) VALUES ('job', now(), sha256(convert_to('during-' || $1::text, 'UTF8')), '{}', 2)`,
  [`${process.pid}-${Date.now()}-${i}`],
];

const FILL_EVENTS = (received) => `
  INSERT INTO lineage_events (received_at, event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
  SELECT ${received}, 'run', CASE WHEN i % 2 = 0 THEN 'START' ELSE 'COMPLETE' END, '2026-01-01', r.run_id, 'bench', 'job_' || (i / 2) % 1000,
         sha256(convert_to('event-' || i, 'UTF8')), json_build_object('eventType', 'COMPLETE', 'run', json_build_object('runId', r.run_id), 'job', json_build_object('namespace', 'bench', 'name', 'job_' || (i / 2) % 1000), 'padding', repeat('x', 120)), 250
    FROM generate_series(0, ${EVENTS - 1}) AS i
    CROSS JOIN LATERAL (SELECT md5('run-' || (i / 2))::uuid AS run_id) r`;

async function migrationBench(adminUrl) {
  const url = await createDatabase(adminUrl, `bench_migration_${process.pid}`);
  const client = await connect(url);
  const files = fs.readdirSync(path.join(ROOT, 'migrations')).filter((f) => /^\d{13}-.*\.sql$/.test(f)).sort();
  for (const file of files.filter((f) => f < PARTITIONING)) await client.query(fs.readFileSync(path.join(ROOT, 'migrations', file), 'utf8'));
  log(`migration: filling an unpartitioned log with ${EVENTS.toLocaleString('en-US')} events`);
  await client.query(FILL_EVENTS(`now() - interval '30 days' * (${EVENTS} - i) / ${EVENTS}`));
  await client.query('VACUUM ANALYZE lineage_events');
  const [{ bytes }] = (await client.query(`SELECT pg_total_relation_size('lineage_events')::float8 AS bytes`)).rows;

  const appender = loop(url, PLAIN_APPEND);
  await new Promise((r) => setTimeout(r, 3000));
  const steps = [];
  const { queries } = migrationQueries(fs.readFileSync(path.join(ROOT, 'migrations', PARTITIONING), 'utf8'));
  for (const query of queries) {
    const name = /^-- step: (.*)$/m.exec(query)[1].slice(0, 70);
    const from = Date.now();
    const started = process.hrtime.bigint();
    await client.query(query);
    steps.push({ step: name, ms: round(ms(started)), from, to: Date.now() });
    log(`migration: ${steps.at(-1).ms} ms  ${name}`);
  }
  await new Promise((r) => setTimeout(r, 1000));
  await appender.stop();
  await client.end();
  const swap = steps.at(-1);
  const firstStep = steps[0].from;
  return {
    events: EVENTS,
    tableBytes: bytes,
    steps: steps.map(({ step, ms: took }) => ({ step, ms: took })),
    swapMs: swap.ms,
    appendsBefore: summary(within(appender.samples, 0, firstStep - 1)),
    appendsDuringSteps: summary(within(appender.samples, firstStep, swap.from - 1)),
    appendsDuringSwap: summary(within(appender.samples, swap.from, swap.to)),
  };
}

async function retirementBench(database) {
  const url = await database();
  const client = await connect(url);
  const partitions = new LogPartitions(async (sql, params) => (await client.query(sql, params)).rows);
  for (const { name } of await partitions.list()) await client.query(`DROP TABLE ${name}`);
  for (let w = 10; w >= 0; w--) await partitions.ensureAhead('week', new Date(Date.now() - w * WEEK_MS));
  log(`retirement: filling a partition of 8 weeks ago with ${EVENTS.toLocaleString('en-US')} events, their keys, runs and dataset links`);
  await client.query(FILL_EVENTS(`now() - interval '8 weeks'`));
  await client.query(`INSERT INTO lineage_event_keys (content_hash) SELECT content_hash FROM lineage_events`);
  await client.query(`INSERT INTO event_datasets (event_id, dataset_id, role) SELECT id, md5('dataset-' || (id % 5000))::uuid, 'output' FROM lineage_events`);
  await client.query(`INSERT INTO runs (id, job_id, first_seen_at, last_seen_at)
                      SELECT DISTINCT run_id, md5('job')::uuid, '2026-01-01'::timestamptz, '2026-01-01'::timestamptz FROM lineage_events WHERE run_id IS NOT NULL`);
  // Recent events, which a reader looks up by run id (through every partition's run index).
  await client.query(`INSERT INTO lineage_events (event_kind, event_time, run_id, content_hash, payload, payload_bytes)
                      SELECT 'run', now(), md5('recent-' || i)::uuid, sha256(convert_to('recent-' || i, 'UTF8')), '{}', 2 FROM generate_series(1, 1000) i`);
  await client.query('VACUUM ANALYZE');
  const [{ bytes }] = (await client.query(
    `SELECT pg_total_relation_size(c.oid)::float8 AS bytes FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'lineage_events'::regclass ORDER BY c.reltuples DESC LIMIT 1`,
  )).rows;

  const appender = loop(url, APPEND);
  const reader = loop(url, (i) => [`SELECT id, payload::text FROM lineage_events WHERE run_id = md5('recent-' || $1::text)::uuid`, [(i % 1000) + 1]]);
  await new Promise((r) => setTimeout(r, 5000));
  const from = Date.now();
  const started = process.hrtime.bigint();
  // As TypeORM's query answers: rows, or [rows, count] for a DELETE.
  const query = async (sql, params) => {
    const result = await client.query(sql, params);
    return result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows;
  };
  const report = await runRetention(query, { retentionDays: 30, dryRun: false });
  const took = ms(started);
  const to = Date.now();
  await new Promise((r) => setTimeout(r, 1000));
  await Promise.all([appender.stop(), reader.stop()]);
  await client.end();
  const retired = report.partitions.filter((p) => p.events > 0);
  return {
    events: retired.reduce((n, p) => n + p.events, 0),
    partitionBytes: bytes,
    retirementMs: round(took),
    partitions: report.partitions.filter((p) => p.events > 0).map((p) => ({ name: p.name, events: p.events, ms: p.elapsedMs, phasesMs: p.phasesMs })),
    removedRows: report.removedRows,
    appendsBefore: summary(within(appender.samples, 0, from - 1)),
    appendsDuring: summary(within(appender.samples, from, to)),
    readsBefore: summary(within(reader.samples, 0, from - 1)),
    readsDuring: summary(within(reader.samples, from, to)),
  };
}

const PARTS = (process.env.BENCH_PARTS ?? 'migration retirement').split(' ');
// BENCH_ADMIN_URL: a PostgreSQL of your own (its `postgres` database) instead of an embedded one.
const server = process.env.BENCH_ADMIN_URL ? null : await startPostgres();
let databases = 0;
/** A new database migrated by this checkout's `migrate`. */
async function migratedDatabase() {
  if (server) return server.database();
  const url = await createDatabase(process.env.BENCH_ADMIN_URL, `bench_lifecycle_${process.pid}_${databases++}`);
  await migrate(url);
  return url;
}
try {
  const adminUrl = process.env.BENCH_ADMIN_URL ?? (await server.database()).replace(/\/bench_0$/, '/postgres');
  const [load] = fs.readFileSync('/proc/loadavg', 'utf8').split(' ');
  if (PARTS.includes('migration')) {
    const migration = await migrationBench(adminUrl);
    process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), loadAverage: Number(load), migration }, null, 2)}\n`);
  }
  if (PARTS.includes('retirement')) {
    const retirement = await retirementBench(migratedDatabase);
    process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), loadAverage: Number(load), retirement }, null, 2)}\n`);
  }
} finally {
  await server?.stop();
}
