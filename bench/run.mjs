// npm run bench: one run, one table. See BENCHMARKING.md in ../shared and README "Performance".
//
// Measures, with the same generator (autocannon), the same Trino-shaped events (~6.4 KB, a fresh
// runId each) and the same machine, in one run:
//   - the store, sync and async mode, at several concurrencies (closed loop, autocannon) and at a
//     fixed offered rate (open loop, bench/open-loop.mjs: latency counted from when a request was due);
//   - the HTTP ceiling: a bare Fastify handler that parses the body and answers 201;
//   - the PostgreSQL ceiling: the store's own multi-row insert, from a plain pg pool, no HTTP,
//     with the batch size the store reached at its maximum concurrency;
// and prints events/s, p50/p99 latency, ratios and the store's peak RSS. Writes bench/results/.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { fixedRate } from './open-loop.mjs';
import { startEmbeddedPostgres, temporaryParent } from '../scripts/embedded-postgres.mjs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,16,64').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const WRITERS = 4;
const MAX_C = Math.max(...CONCURRENCIES);

const TEMPLATE = JSON.parse(
  fs.readFileSync(path.join(ROOT, '..', 'shared', 'openlineage', 'examples', 'trino', 'ctas-complete.reconstructed.json'), 'utf8'),
);
const eventBody = () => JSON.stringify({ ...TEMPLATE, run: { ...TEMPLATE.run, runId: randomUUID() } });
const EVENT_BYTES = Buffer.byteLength(eventBody());

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const log = (msg) => process.stderr.write(`${msg}\n`);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startPostgres() {
  const parent = temporaryParent('metadata-store-bench-');
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(parent, 'data'), port });
  let n = 0;
  return {
    async database() {
      const name = `bench_${n++}`;
      const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return `postgres://postgres:postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await server.stop();
      fs.rmSync(parent, { recursive: true, force: true });
    },
  };
}

function spawnWaiting(args, env, readyTest) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      out += chunk.toString();
      if (readyTest(out)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
}

async function migrate(databaseUrl) {
  const child = spawn(process.execPath, ['dist/main.js', 'migrate'], { cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl } });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`migrate exited ${code}`);
}

async function startStore(databaseUrl, mode) {
  await migrate(databaseUrl);
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', INGEST_MODE: mode, LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let ready = false; !ready; ) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url: `http://127.0.0.1:${port}` };
}

async function startBare() {
  const port = await freePort();
  const child = await spawnWaiting([path.join(ROOT, 'bench', 'bare-server.mjs'), String(port)], {}, (out) => out.includes('ready'));
  return { child, url: `http://127.0.0.1:${port}` };
}

function peakRssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

async function load(url, { connections, rate }) {
  const result = await autocannon({
    url: `${url}/api/v1/lineage`,
    connections,
    duration: DURATION_S,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: eventBody() }),
      },
    ],
  });
  const ok = result['2xx'];
  return {
    eventsPerSecond: ok / DURATION_S,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function repeated(label, fn) {
  const runs = [];
  for (let i = 0; i < REPEATS; i++) {
    runs.push(await fn());
    log(`  ${label} #${i + 1}: ${runs[i].eventsPerSecond.toFixed(0)} ev/s, p50 ${runs[i].p50} ms, p99 ${runs[i].p99} ms`);
  }
  const pick = (k) => median(runs.map((r) => r[k]));
  const eps = runs.map((r) => r.eventsPerSecond);
  return {
    label,
    eventsPerSecond: pick('eventsPerSecond'),
    spread: [Math.min(...eps), Math.max(...eps)],
    p50: pick('p50'),
    p99: pick('p99'),
    non2xx: runs.reduce((s, r) => s + (r.non2xx ?? 0), 0),
    errors: runs.reduce((s, r) => s + (r.errors ?? 0), 0),
    runs,
  };
}

/** The PostgreSQL ceiling: the store's own insert statement, batches of `batch`, WRITERS connections. */
async function postgresCeiling(databaseUrl, batch) {
  await migrate(databaseUrl);
  const { EventLogRepository } = require(path.join(ROOT, 'dist', 'storage', 'event-log.repository.js'));
  const { toLogEvent } = require(path.join(ROOT, 'dist', 'ingest', 'log-event.js'));
  const { validateEnvelope } = require(path.join(ROOT, 'dist', 'ingest', 'event-envelope.js'));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS });
  const repository = new EventLogRepository({ query: async (sql, params) => (await pool.query(sql, params)).rows });
  const run = async () => {
    let stored = 0;
    const deadline = Date.now() + DURATION_S * 1000;
    const latencies = [];
    const writer = async () => {
      while (Date.now() < deadline) {
        const events = Array.from({ length: batch }, () => {
          const result = validateEnvelope(JSON.parse(eventBody()));
          return toLogEvent(result.event, { peerAddress: '127.0.0.1', userAgent: 'bench' });
        });
        const started = performance.now();
        await repository.append(events);
        latencies.push(performance.now() - started);
        stored += batch;
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    latencies.sort((a, b) => a - b);
    return {
      eventsPerSecond: stored / DURATION_S,
      p50: Number(latencies[Math.floor(latencies.length * 0.5)].toFixed(2)),
      p99: Number(latencies[Math.floor(latencies.length * 0.99)].toFixed(2)),
    };
  };
  try {
    return await repeated(`postgres ceiling (batch ${batch}, ${WRITERS} connections)`, run);
  } finally {
    await pool.end();
  }
}

async function averageBatch(url) {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const sum = Number(/^metadata_store_ingest_batch_events_sum (\S+)/m.exec(metrics)?.[1] ?? NaN);
  const count = Number(/^metadata_store_ingest_batch_events_count (\S+)/m.exec(metrics)?.[1] ?? NaN);
  return sum / count;
}

async function stopChild(child) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', resolve)));
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) throw new Error('run `npm run build` first');
  log(`bench: ${DURATION_S}s x ${REPEATS} per measurement, concurrency ${CONCURRENCIES.join('/')}, fixed rate ${RATE}/s, event ${EVENT_BYTES} B`);
  const postgres = await startPostgres();
  const rows = [];
  const peakRss = {};
  let syncBatch = NaN;
  try {
    const bare = await startBare();
    rows.push({ kind: 'ceiling', ...(await repeated(`bare fastify c=${MAX_C}`, () => load(bare.url, { connections: MAX_C }))) });
    rows.push({
      kind: 'ceiling',
      rate: RATE,
      ...(await repeated(`bare fastify ${RATE}/s offered`, () => fixedRate(bare.url, { rate: RATE, durationS: DURATION_S, body: eventBody }))),
    });
    await stopChild(bare.child);

    for (const mode of ['sync', 'async']) {
      const store = await startStore(await postgres.database(), mode);
      for (const c of CONCURRENCIES) {
        rows.push({ kind: mode, concurrency: c, ...(await repeated(`store ${mode} c=${c}`, () => load(store.url, { connections: c }))) });
        if (mode === 'sync' && c === MAX_C) syncBatch = await averageBatch(store.url);
      }
      rows.push({
        kind: mode,
        rate: RATE,
        ...(await repeated(`store ${mode} ${RATE}/s offered`, () => fixedRate(store.url, { rate: RATE, durationS: DURATION_S, body: eventBody }))),
      });
      peakRss[mode] = peakRssMb(store.child.pid);
      await stopChild(store.child);
    }

    const batch = Math.max(1, Math.round(syncBatch || MAX_C / WRITERS));
    rows.push({ kind: 'ceiling', ...(await postgresCeiling(await postgres.database(), batch)) });
  } finally {
    await postgres.stop();
  }

  const bareRow = rows.find((r) => r.label.startsWith('bare') && !r.rate);
  const pgRow = rows.find((r) => r.label.startsWith('postgres'));
  const syncMax = rows.find((r) => r.kind === 'sync' && r.concurrency === MAX_C);
  const asyncMax = rows.find((r) => r.kind === 'async' && r.concurrency === MAX_C);
  const syncRate = rows.find((r) => r.kind === 'sync' && r.rate);
  const asyncRate = rows.find((r) => r.kind === 'async' && r.rate);
  const summary = {
    syncVsPostgres: syncMax.eventsPerSecond / pgRow.eventsPerSecond,
    syncVsBareHttp: syncMax.eventsPerSecond / bareRow.eventsPerSecond,
    asyncVsPostgres: asyncMax.eventsPerSecond / pgRow.eventsPerSecond,
    asyncVsBareHttp: asyncMax.eventsPerSecond / bareRow.eventsPerSecond,
    syncP99AtRateMs: syncRate.p99,
    asyncP99AtRateMs: asyncRate.p99,
    peakRssMb: peakRss,
    averageSyncBatch: syncBatch,
  };

  const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
  const lines = [
    `| measurement | events/s (median) | spread | p50 ms | p99 ms | non-2xx |`,
    `|---|---:|---|---:|---:|---:|`,
    ...rows.map(
      (r) => `| ${r.label} | ${fmt(r.eventsPerSecond)} | ${fmt(r.spread[0])}–${fmt(r.spread[1])} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.non2xx ?? 0} |`,
    ),
    '',
    `| ratio | value |`,
    `|---|---:|`,
    `| sync c=${MAX_C} / PostgreSQL ceiling | ${fmt(summary.syncVsPostgres * 100)} % |`,
    `| sync c=${MAX_C} / bare Fastify | ${fmt(summary.syncVsBareHttp * 100)} % |`,
    `| async c=${MAX_C} / PostgreSQL ceiling | ${fmt(summary.asyncVsPostgres * 100)} % |`,
    `| async c=${MAX_C} / bare Fastify | ${fmt(summary.asyncVsBareHttp * 100)} % |`,
    `| sync p99 at ${RATE} events/s | ${fmt(summary.syncP99AtRateMs, 1)} ms |`,
    `| async p99 at ${RATE} events/s | ${fmt(summary.asyncP99AtRateMs, 1)} ms |`,
    `| peak RSS sync / async | ${fmt(peakRss.sync)} / ${fmt(peakRss.async)} MB |`,
    `| average events per sync transaction at c=${MAX_C} | ${fmt(syncBatch, 1)} |`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  const outDir = path.join(ROOT, 'bench', 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const report = { date: new Date().toISOString(), machine, settings: { DURATION_S, REPEATS, CONCURRENCIES, RATE, EVENT_BYTES }, rows, summary };
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(report, null, 2));
  log(`bench: wrote ${path.relative(ROOT, file)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
