// npm run bench: the store against its ceilings, all in one run on one machine, one table of
// targets with the ratio of each. See ../shared/BENCHMARKING.md and docs/performance.md.
//
//   - PostgreSQL ceiling (bench/postgres-ceiling.mjs): the log's rows in prepared batches of 32
//     over 4 connections, into a primary-key-only table, then into the store's real tables;
//   - HTTP ceiling (bench/bare-server.mjs): node:http reading and parsing the body, answering 201,
//     under wrk and at the open loop's fixed rate (its p99 is the floor the generator and the
//     machine put under every p99 at that rate);
//   - the store, sync then async: wrk closed loop (bench/wrk.mjs, 32 connections, a fresh runId per
//     body), then the open-loop generator at a fixed offered rate (bench/open-loop.mjs).
// For each: events/s (median of REPEATS runs and spread), p50/p99, and CPU per event of the store's
// Node process and of PostgreSQL (from /proc). For the store: peak RSS, log bytes per event,
// events per commit, projection lag (age of the oldest queued event, sampled during the load).
// Writes docs/benchmarks/<date>.json. BENCH_DURATION_S and BENCH_REPEATS shorten it for a quick check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { machineCpuSeconds, peakRssMb, postgresCpuSeconds, processCpuSeconds } from './cpu.mjs';
import { EVENT_BYTES, eventText, writeCompactTemplate } from './event.mjs';
import { fixedRate } from './open-loop.mjs';
import { BATCH, CONNECTIONS as PG_CONNECTIONS, insertFor, prepareVariant, VARIANTS } from './postgres-ceiling.mjs';
import { ingestCommitMetrics } from './store-metrics.mjs';
import { requireWrk, wrk } from './wrk.mjs';
import { startBare, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const LAG_SAMPLE_MS = 200;
// `BENCH_STORE_ENV='PROJECTION_WORKERS=0'`: settings for both stores (e.g. ingest alone, without the projection).
const STORE_ENV = storeSettings('BENCH_STORE_ENV');
const DRAIN_LIMIT_S = 120;

// Issue 27's targets: with the projection on (the default), and without it (an ingest replica of a
// deployment that projects elsewhere: BENCH_STORE_ENV='PROJECTION_WORKERS=0').
const PROJECTING = STORE_ENV.PROJECTION_WORKERS !== '0';
const SYNC_RATIO = PROJECTING ? 0.4 : 0.7;
const SYNC_P99_MS = PROJECTING ? 20 : 15;
const TARGETS = [
  { key: 'syncVsPostgres', label: `sync ingest ÷ PostgreSQL ceiling (primary key only), projection ${PROJECTING ? 'on' : 'off'}`, at: `≥ ${SYNC_RATIO.toFixed(2)}`, pass: (v) => v >= SYNC_RATIO, fmt: (v) => v.toFixed(2) },
  { key: 'syncP99AtRateMs', label: `p99 at ${RATE} events/s offered, sync, projection ${PROJECTING ? 'on' : 'off'}`, at: `≤ ${SYNC_P99_MS} ms`, pass: (v) => v <= SYNC_P99_MS, fmt: (v) => `${v.toFixed(1)} ms` },
  { key: 'asyncVsBareHttp', label: 'async ingest ÷ bare HTTP ceiling', at: '≥ 0.50', pass: (v) => v >= 0.5, fmt: (v) => v.toFixed(2) },
  { key: 'peakRssMb', label: 'peak RSS under the closed-loop load (sync, async)', at: '≤ 200 MB', pass: (v) => v <= 200, fmt: (v) => `${v.toFixed(0)} MB` },
  { key: 'projectionLagP99S', label: 'projection lag p99 at the sustained maximum (sync)', at: '≤ 1 s', pass: (v) => v <= 1, fmt: (v) => `${v.toFixed(2)} s` },
];

const log = (msg) => process.stderr.write(`${msg}\n`);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))] : 0;
};

/** Runs `fn` once while measuring the CPU it cost the given process, PostgreSQL and the machine. */
async function withCpu(pg, pid, fn) {
  const before = { node: pid ? processCpuSeconds(pid) : 0, pg: postgresCpuSeconds(pg.dataDir), machine: machineCpuSeconds() };
  const result = await fn();
  const after = { node: pid ? processCpuSeconds(pid) : 0, pg: postgresCpuSeconds(pg.dataDir), machine: machineCpuSeconds() };
  const events = result.eventsPerSecond * result.durationS;
  return {
    ...result,
    nodeCpuUsPerEvent: pid ? ((after.node - before.node) * 1e6) / events : null,
    postgresCpuUsPerEvent: ((after.pg - before.pg) * 1e6) / events,
    machineBusy: (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
    machineStolen: (after.machine.stolen - before.machine.stolen) / (after.machine.total - before.machine.total),
  };
}

/**
 * Each repeat runs every measurement once, in turn, so that load from other work on a shared
 * machine falls on all of them alike instead of on whichever ran during it.
 */
async function interleaved(measurements) {
  const runs = measurements.map(() => []);
  for (let i = 0; i < REPEATS; i++) {
    for (const [m, { label, run }] of measurements.entries()) {
      const r = await run();
      runs[m].push(r);
      log(`  #${i + 1} ${label}: ${r.eventsPerSecond.toFixed(0)} ev/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms` +
        (r.failed ? `, ${r.failed} failed` : '') +
        (r.nodeCpuUsPerEvent != null ? `, node ${r.nodeCpuUsPerEvent.toFixed(0)} µs/ev` : '') +
        `, pg ${r.postgresCpuUsPerEvent.toFixed(0)} µs/ev, machine ${(r.machineBusy * 100).toFixed(0)} % busy, ${(r.machineStolen * 100).toFixed(0)} % stolen` +
        (r.eventsPerCommit != null ? `, ${r.eventsPerCommit.toFixed(1)} ev/commit, lag p99 ${r.projectionLagP99S.toFixed(2)} s` : ''));
    }
  }
  return measurements.map(({ label }, m) => summarise(label, runs[m]));
}

function summarise(label, runs) {
  const eps = runs.map((r) => r.eventsPerSecond);
  const summary = { label, spread: [Math.min(...eps), Math.max(...eps)], runs };
  for (const k of Object.keys(runs[0])) {
    if (typeof runs[0][k] === 'number') summary[k] = median(runs.map((r) => r[k]));
  }
  summary.nodeCpuUsPerEvent ??= null;
  summary.failed = runs.reduce((s, r) => s + (r.failed ?? 0), 0);
  return summary;
}

/** Samples the age of the oldest queued event until stopped; returns the samples in seconds. */
function sampleProjectionLag(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const samples = [];
  let running = true;
  const done = (async () => {
    await client.connect();
    while (running) {
      samples.push(await oldestQueuedAgeSeconds(client));
      await sleep(LAG_SAMPLE_MS);
    }
    await client.end();
  })();
  return async () => {
    running = false;
    await done;
    return samples;
  };
}

async function oldestQueuedAgeSeconds(client) {
  const { rows } = await client.query(
    'SELECT extract(epoch FROM now() - enqueued_at)::float8 AS age FROM projection_queue ORDER BY event_id LIMIT 1',
  );
  return rows[0]?.age ?? 0;
}

async function drainSeconds(databaseUrl) {
  if (STORE_ENV.PROJECTION_WORKERS === '0') return null; // nothing projects: the queue only grows
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    while ((await oldestQueuedAgeSeconds(client)) > 0) {
      if (performance.now() - started > DRAIN_LIMIT_S * 1000) return Infinity;
      await sleep(100);
    }
    return (performance.now() - started) / 1000;
  } finally {
    await client.end();
  }
}

/** RATE events/s offered for DURATION_S, whatever the answers take. */
async function openLoop(url) {
  return { ...(await fixedRate(url, { rate: RATE, durationS: DURATION_S, body: () => eventText() })), durationS: DURATION_S };
}

/** The closed-loop and open-loop measurements of one running store. */
function storeMeasurements(pgServer, store, mode, templateFile) {
  const closed = async () => {
    const stopLag = sampleProjectionLag(store.databaseUrl);
    const commitsBefore = await ingestCommitMetrics(store.url);
    const logBefore = store.logBytes;
    const r = await withCpu(pgServer, store.child.pid, () => wrk(`${store.url}/api/v1/lineage`, { connections: CONNECTIONS, durationS: DURATION_S, templateFile }));
    const commitsAfter = await ingestCommitMetrics(store.url);
    const lag = await stopLag();
    const events = r.eventsPerSecond * r.durationS;
    return {
      ...r,
      eventsPerCommit: (commitsAfter.events - commitsBefore.events) / (commitsAfter.batches - commitsBefore.batches),
      logBytesPerEvent: (store.logBytes - logBefore) / events,
      projectionLagP99S: quantile(lag, 0.99),
      projectionLagMaxS: Math.max(0, ...lag),
      drainS: await drainSeconds(store.databaseUrl),
      peakRssMb: peakRssMb(store.child.pid),
    };
  };
  const open = async () => {
    const r = await withCpu(pgServer, store.child.pid, () => openLoop(store.url));
    await drainSeconds(store.databaseUrl);
    return r;
  };
  return [
    { label: `store ${mode}, wrk c=${CONNECTIONS}`, run: closed },
    { label: `store ${mode}, ${RATE}/s offered (open loop)`, run: open },
  ];
}

async function main() {
  const wrkVersion = requireWrk();
  if (!fs.existsSync(path.join(ROOT, 'dist', 'main.js'))) throw new Error('run `npm run build` first');
  log(`bench: ${DURATION_S} s x ${REPEATS} per measurement, wrk ${CONNECTIONS} connections, open loop ${RATE}/s, event ${EVENT_BYTES} B`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-bench-wrk-'));
  const templateFile = writeCompactTemplate(path.join(tmp, 'event.json'));
  const pgServer = await startPostgres();
  const children = [];
  const results = {};
  try {
    const ceilings = [];
    for (const variant of VARIANTS) {
      const url = await pgServer.database();
      const sql = await prepareVariant(url, variant);
      ceilings.push({
        label: `PostgreSQL, batches of ${BATCH} x ${PG_CONNECTIONS} connections: ${variant.name} (latency per statement)`,
        run: () => withCpu(pgServer, null, () => insertFor(url, sql, DURATION_S)),
      });
    }
    const bare = await startBare();
    children.push(bare.child);
    const stores = {};
    for (const mode of ['sync', 'async']) {
      const databaseUrl = await pgServer.database();
      stores[mode] = Object.assign(await startStore(databaseUrl, mode, { env: STORE_ENV }), { databaseUrl });
      children.push(stores[mode].child);
    }
    const measured = await interleaved([
      ...ceilings,
      { label: `bare node:http, wrk c=${CONNECTIONS}`, run: () => withCpu(pgServer, bare.child.pid, () => wrk(`${bare.url}/api/v1/lineage`, { connections: CONNECTIONS, durationS: DURATION_S, templateFile })) },
      { label: `bare node:http, ${RATE}/s offered (open loop)`, run: () => withCpu(pgServer, bare.child.pid, () => openLoop(bare.url)) },
      ...storeMeasurements(pgServer, stores.sync, 'sync', templateFile),
      ...storeMeasurements(pgServer, stores.async, 'async', templateFile),
    ]);
    results.postgres = measured.slice(0, VARIANTS.length);
    [results.bare, results.bareOpen] = measured.slice(VARIANTS.length);
    const [syncClosed, syncOpen, asyncClosed, asyncOpen] = measured.slice(VARIANTS.length + 2);
    results.sync = { closed: syncClosed, open: syncOpen };
    results.async = { closed: asyncClosed, open: asyncOpen };
    for (const mode of ['sync', 'async']) results[mode].closed.peakRssMb = peakRssMb(stores[mode].child.pid);
  } finally {
    for (const child of children) await stopChild(child);
    await pgServer.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  const pgFloor = results.postgres[0];
  const summary = {
    syncVsPostgres: results.sync.closed.eventsPerSecond / pgFloor.eventsPerSecond,
    syncVsPostgresStoreTables: results.sync.closed.eventsPerSecond / results.postgres.at(-1).eventsPerSecond,
    syncP99AtRateMs: results.sync.open.p99,
    bareP99AtRateMs: results.bareOpen.p99,
    asyncVsBareHttp: results.async.closed.eventsPerSecond / results.bare.eventsPerSecond,
    peakRssMb: Math.max(results.sync.closed.peakRssMb, results.async.closed.peakRssMb),
    projectionLagP99S: results.sync.closed.projectionLagP99S,
  };
  const report = render(results, summary);
  process.stdout.write(`${report}\n`);

  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, wrk: wrkVersion };
  const settings = { durationS: DURATION_S, repeats: REPEATS, connections: CONNECTIONS, rate: RATE, eventBytes: EVENT_BYTES, postgres: { connections: PG_CONNECTIONS, batch: BATCH }, storeEnv: STORE_ENV };
  const dir = path.join(ROOT, 'docs', 'benchmarks');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().slice(0, 16).replace(':', '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), machine, settings, summary, results, table: report }, null, 2)}\n`);
  log(`bench: wrote ${path.relative(ROOT, file)}`);
}

function render(results, summary) {
  const f = (n, d = 0) => (n == null || !Number.isFinite(n) ? '-' : n.toFixed(d));
  const row = (r) =>
    `| ${r.label} | ${f(r.eventsPerSecond)} | ${f(r.spread[0])}–${f(r.spread[1])} | ${f(r.p50, 1)} | ${f(r.p99, 1)} | ${f(r.nodeCpuUsPerEvent)} | ${f(r.postgresCpuUsPerEvent)} | ${f(r.machineBusy * 100)} % | ${f(r.machineStolen * 100)} % | ${r.failed} |`;
  const measured = [...results.postgres, results.bare, results.bareOpen, ...['sync', 'async'].flatMap((m) => [results[m].closed, results[m].open])];
  const stolen = measured.flatMap((summary) => summary.runs.map((r) => r.machineStolen * 100));
  const lines = [
    `Targets (each ratio from this run; events ${EVENT_BYTES} B, wrk ${CONNECTIONS} connections, ${DURATION_S} s x ${REPEATS}, median;` +
      ` the host stole ${f(Math.min(...stolen))}–${f(Math.max(...stolen))} % of the CPU, run by run):`,
    '',
    '| measure | target | measured | met |',
    '|---|---|---:|---|',
    ...TARGETS.map((t) => `| ${t.label} | ${t.at} | ${t.fmt(summary[t.key])} | ${t.pass(summary[t.key]) ? 'yes' : 'NO'} |`),
    `| sync ingest ÷ PostgreSQL into the store's tables (for reference) | - | ${summary.syncVsPostgresStoreTables.toFixed(2)} | - |`,
    `| p99 at ${RATE} events/s offered, bare HTTP (the same generator on the same machine: the floor) | - | ${summary.bareP99AtRateMs.toFixed(1)} ms | - |`,
    '',
    `| measurement | events/s | spread | p50 ms | p99 ms | Node CPU µs/event | PostgreSQL CPU µs/event | machine busy | stolen by the host | failed |`,
    '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|',
    ...measured.map(row),
    '',
    '| store | peak RSS | events per commit | log bytes per event | projection lag p99 (max) | queue drained after load in |',
    '|---|---:|---:|---:|---:|---:|',
    ...['sync', 'async'].map((m) => {
      const c = results[m].closed;
      return `| ${m} | ${f(c.peakRssMb)} MB | ${f(c.eventsPerCommit, 1)} | ${f(c.logBytesPerEvent)} | ${f(c.projectionLagP99S, 2)} s (${f(c.projectionLagMaxS, 2)} s) | ${f(c.drainS, 1)} s |`;
    }),
  ];
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
