// npm run bench:projection-cpu: the projection's own CPU per event on the benchmark's Trino event,
// without ingest or HTTP, for each checkout in BENCH_ROOTS (this one by default; each with dist/
// built), each in a process of its own, interleaved:
//   1. Node alone: its processors (events to rows) and the building of its statements (rows to SQL
//      and the JSON parameter), in batches of 200, as CPU time of the process;
//   2. against PostgreSQL: BENCH_APPLY_EVENTS events put in the log and the queue, then projected
//      by the store's own projector (its Nest context, PROJECTION_BATCH_SIZE per transaction, one
//      worker), with the CPU of that Node process and of its PostgreSQL backend over the
//      projection, per event.
//   BENCH_ROOTS ('.'), BENCH_REPEATS (4 processes per checkout), BENCH_EVENTS (2000), BENCH_ROUNDS (12),
//   BENCH_APPLY_EVENTS (4000), BENCH_BATCH (200), BENCH_CPU_PROF (a folder: a V8 CPU profile of each
//   projecting process is written there).
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { processCpuSeconds } from './cpu.mjs';
import { eventText, logRow } from './event.mjs';
import { checkoutRoots, startPostgres } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BATCH = Number(process.env.BENCH_BATCH ?? 200);
const WARM_UP_ROUNDS = 3;
const APPLY_EVENTS = Number(process.env.BENCH_APPLY_EVENTS ?? 4000);

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Node alone: median µs of CPU per event of each part, over the rounds after the warm-up. */
function measureNode(root) {
  const require = createRequire(path.join(path.resolve(root), 'package.json'));
  const { processEvents } = require('./dist/projection/pipeline.js');
  const { batchStatements } = require('./dist/projection/applier.js');
  const count = Number(process.env.BENCH_EVENTS ?? 2000);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 12);
  const loggedEvents = () =>
    Array.from({ length: count }, (_, i) => {
      const payload = JSON.parse(eventText());
      return { eventId: String(i + 1), kind: 'run', eventType: payload.eventType, eventTime: new Date(payload.eventTime), runId: payload.run.runId, jobNamespace: payload.job.namespace, jobName: payload.job.name, payload };
    });
  const samples = { processors: [], statements: [] };
  for (let round = 0; round < rounds; round++) {
    const events = loggedEvents();
    let processing = 0;
    let building = 0;
    for (let i = 0; i < events.length; i += BATCH) {
      const started = cpuMicros();
      const mutations = processEvents(events.slice(i, i + BATCH));
      const processed = cpuMicros();
      for (const build of batchStatements(mutations)) build();
      building += cpuMicros() - processed;
      processing += processed - started;
    }
    if (round < WARM_UP_ROUNDS) continue;
    samples.processors.push(processing / count);
    samples.statements.push(building / count);
  }
  return { processors: median(samples.processors), statements: median(samples.statements) };
}

/** Against PostgreSQL: the store's projector empties the queue; Node CPU of this process per event. */
async function measureApply(root, databaseUrl) {
  const require = createRequire(path.join(path.resolve(root), 'package.json'));
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { loadEnvironment } = require('./dist/core/config/environment.js');
  const { ProjectorModule } = require('./dist/projection/projector/projector.module.js');
  const { ProjectionWriter } = require('./dist/projection/projection-writer.service.js');
  const { RecentEvents } = require('./dist/log/recent-events.js');
  // No worker loops: this process drives the projector's writer itself, batch by batch.
  const env = loadEnvironment({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PROJECTION_WORKERS: '0' });
  const pool = { url: databaseUrl, connectTimeoutMs: 5000, statementTimeoutMs: 60000, poolSize: 1 };
  const app = await NestFactory.createApplicationContext(ProjectorModule.forRoot(env, pool, new RecentEvents()), { logger: false });
  const writer = app.get(ProjectionWriter);
  // The projection's one connection: its backend's CPU is what the projection costs PostgreSQL
  // (not the server's other processes, busy with earlier rounds' databases).
  const { getDataSourceToken } = require('@nestjs/typeorm');
  const dataSource = app.get(getDataSourceToken('projection'));
  if (!dataSource.isInitialized) await dataSource.initialize();
  const [{ pid }] = await dataSource.query('SELECT pg_backend_pid() AS pid');
  const backendStarted = processCpuSeconds(pid);
  const started = cpuMicros();
  let projected = 0;
  for (;;) {
    const ids = await writer.projectBatch(BATCH);
    if (ids.length === 0) break;
    projected += ids.length;
  }
  const node = cpuMicros() - started;
  const backend = (processCpuSeconds(pid) - backendStarted) * 1e6;
  await app.close();
  return { projected, nodeMicros: node, postgresMicros: backend };
}

/** Puts `count` copies of the event (each a new run) in the log and the queue. */
async function fill(databaseUrl, count) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = Object.keys(logRow());
    const { rows: described } = await client.query(
      `SELECT column_name, format_type(atttypid, atttypmod) AS type FROM information_schema.columns c
         JOIN pg_attribute a ON a.attrelid = 'lineage_events'::regclass AND a.attname = c.column_name
        WHERE c.table_name = 'lineage_events'`,
    );
    const types = new Map(described.map((d) => [d.column_name, d.type]));
    for (let i = 0; i < count; i += 500) {
      const rows = Array.from({ length: Math.min(500, count - i) }, () => logRow(randomUUID()));
      const values = columns.map((c) => rows.map((r) => (c === 'content_hash' ? `\\x${r[c].toString('hex')}` : r[c])));
      await client.query(
        `WITH e AS (INSERT INTO lineage_events (${columns.join(', ')})
                    SELECT * FROM unnest(${columns.map((c, k) => `$${k + 1}::${types.get(c)}[]`).join(', ')})
                    RETURNING id)
         INSERT INTO projection_queue (event_id) SELECT id FROM e`,
        values,
      );
    }
  } finally {
    await client.end();
  }
}

async function main() {
  if (process.argv[2] === '--measure') {
    process.stdout.write(JSON.stringify(measureNode(process.argv[3])));
    return;
  }
  if (process.argv[2] === '--apply') {
    process.stdout.write(JSON.stringify(await measureApply(process.argv[3], process.argv[4])));
    process.exit(0);
  }
  const roots = checkoutRoots();
  const repeats = Number(process.env.BENCH_REPEATS ?? 4);
  const nodeResults = new Map(roots.map((root) => [root, []]));
  const applyResults = new Map(roots.map((root) => [root, []]));
  const server = await startPostgres();
  try {
    for (let r = 0; r < repeats; r++) {
      for (const root of r % 2 ? [...roots].reverse() : roots) {
        const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', root], { encoding: 'utf8' });
        nodeResults.get(root).push(JSON.parse(out));
        const databaseUrl = await server.database(root);
        await fill(databaseUrl, APPLY_EVENTS);
        const applied = JSON.parse(execFileSync(process.execPath, [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), fileURLToPath(import.meta.url), '--apply', root, databaseUrl], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
        if (applied.projected !== APPLY_EVENTS) throw new Error(`${root} projected ${applied.projected} of ${APPLY_EVENTS} events (${databaseUrl})`);
        applyResults.get(root).push({ node: applied.nodeMicros / APPLY_EVENTS, postgres: applied.postgresMicros / APPLY_EVENTS });
      }
    }
  } finally {
    await server.stop();
  }
  const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)} (median ${median(xs).toFixed(0)})`;
  const name = (root) => path.relative(ROOT, root) || '.';
  console.log(`the projection's CPU per event (benchmark's Trino event, batches of ${BATCH}), ${repeats} processes per checkout, interleaved`);
  console.log('| checkout | processors (Node alone) | statements (Node alone) | projecting: Node | projecting: PostgreSQL |');
  console.log('|---|---|---|---|---|');
  for (const root of roots) {
    const n = nodeResults.get(root);
    const a = applyResults.get(root);
    console.log(`| ${name(root)} | ${range(n.map((x) => x.processors))} | ${range(n.map((x) => x.statements))} | ${range(a.map((x) => x.node))} | ${range(a.map((x) => x.postgres))} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
