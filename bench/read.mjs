// npm run bench:read: the tail of read latency (p50, p99, p99.9) at several store sizes, each read
// kind alone and in a mix, with and without live ingest, and where each kind's time goes.
//
// For each size (BENCH_READ_SIZES, default 10000,100000,1000000): a PostgreSQL of its own under
// BENCH_READ_DIR/<size>, seeded once by `npm run seed` (an interrupted seed resumes; reused while the
// schema, projection and generator are unchanged, or always with BENCH_READ_KEEP_SEED=1), the built
// store in front of it, then the phases of bench/read/phases.mjs (BENCH_READ_PHASES): readers taking
// BENCH_READ_SAMPLES requests of each kind per phase, each kind one at a time, open-loop alone at
// BENCH_READ_ALONE_RATE requests/s and all kinds in a mix at BENCH_READ_MIX_RATE, with ingest at
// BENCH_INGEST_RATE events/s beside them (new runs of existing jobs) or without. Per kind alone, the
// split of its time (bench/read/split.mjs): SQL execution, store CPU, GC, event-loop delay. For a
// kind that misses its target, the plans of its statements (bench/read/diagnose.mjs).
// Results merge into docs/benchmarks/read.json (per size), with read.md and the plot read-scaling.svg.
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '../scripts/embedded-postgres.mjs';
import { availableKinds, KINDS } from './read/queries.mjs';
import { liveEvents, loadGenerator, sampleTargets } from './read/targets.mjs';
import { diagnose, projectionSettled } from './read/diagnose.mjs';
import { scalingSvg } from './read/plot.mjs';
import { graphSizes } from './read/graph-sizes.mjs';
import { measurePhases, parsePhases } from './read/phases.mjs';
import { PhaseMeter } from './read/split.mjs';
import { readers } from './read/readers.mjs';
import { markdown, table } from './read/report.mjs';
import { PRODUCTION_NODE_ARGS } from './node-args.mjs';
import { freePort } from '../scripts/free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_READ_SIZES= (empty) measures nothing and rewrites read.md and the plot from read.json.
// BENCH_READ_SEED_ONLY=1 seeds (or resumes seeding) each size and measures nothing.
const SEED_ONLY = process.env.BENCH_READ_SEED_ONLY === '1';
// BENCH_READ_KEEP_SEED=1 keeps (and resumes) a store seeded by a build whose projection or migrations
// differ from this one, instead of reseeding; the report names both. For builds whose projection
// writes the same rows (a performance change): a million-dataset seed takes hours.
const KEEP_SEED = process.env.BENCH_READ_KEEP_SEED === '1';
// BENCH_READ_PROJECTOR=separate serves HTTP from a store with PROJECTION_WORKERS=0 and projects in a
// second store process (the helm chart's split: API pods and projector pods); default in-process.
const PROJECTOR = process.env.BENCH_READ_PROJECTOR ?? 'in-process';
if (!['in-process', 'separate'].includes(PROJECTOR)) throw new Error('BENCH_READ_PROJECTOR must be in-process or separate');
const SIZES = (process.env.BENCH_READ_SIZES ?? '10000,100000,1000000').split(',').filter(Boolean).map(Number);
const SAMPLES = Number(process.env.BENCH_READ_SAMPLES ?? 1000);
const ALONE_RATE = Number(process.env.BENCH_READ_ALONE_RATE ?? 20);
const MIX_RATE = Number(process.env.BENCH_READ_MIX_RATE ?? 25);
const PHASES = parsePhases(process.env.BENCH_READ_PHASES ?? 'one-at-a-time,alone,alone-ingest,mix-ingest');
const WARMUP_S = Number(process.env.BENCH_READ_WARMUP_S ?? 10);
const INGEST_RATE = Number(process.env.BENCH_INGEST_RATE ?? 200);
const SEED = Number(process.env.BENCH_READ_SEED ?? 1);
const DATA_DIR = process.env.BENCH_READ_DIR ?? path.join(os.tmpdir(), 'metadata-store-bench-read');
const RESULTS = path.join(ROOT, 'docs', 'benchmarks', 'read.json');
const PLOT = path.join(ROOT, 'docs', 'benchmarks', 'read-scaling.svg');
const REPORT = path.join(ROOT, 'docs', 'benchmarks', 'read.md');
const TARGETS = 300;

/**
 * PostgreSQL's defaults are sized for a small database: seeding a million datasets with them
 * checkpointed so often that full-page images made most of the WAL. An operator running a store
 * this size sizes PostgreSQL to it; so does the benchmark (docs/postgresql.md, "Sizing PostgreSQL
 * for a large store", has the measurements).
 */
const SIZED_FOR_A_MILLION = ['-c', 'shared_buffers=2GB', '-c', 'max_wal_size=16GB', '-c', 'checkpoint_timeout=30min'];

const log = (msg) => process.stderr.write(`${msg}\n`);

/** Every process this benchmark started and has not seen exit: stopped if the benchmark is. */
const children = new Set();
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    // embedded-postgres stops its servers and exits on these signals; before one started, exit here.
    if (process.listenerCount(signal) === 0) process.exit(130);
  });
}

/** The seed's command line and ingest loop: they do not change what ends up in the tables. */
const RUNNER_ONLY = new Set(['main.js', 'seed-store.js']);

/** What the seeded tables depend on: reseed when the migrations, projection or generator change. */
function buildFingerprint() {
  const hash = crypto.createHash('sha256').update(String(SEED));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (/\.(js|sql)$/.test(entry.name) && !RUNNER_ONLY.has(entry.name)) hash.update(entry.name).update(fs.readFileSync(p));
    }
  };
  for (const dir of ['migrations', 'dist/projection', 'dist/seed']) walk(path.join(ROOT, dir));
  return hash.digest('hex').slice(0, 16);
}

async function startPostgres(size, serverLog) {
  fs.mkdirSync(DATA_DIR, { recursive: true, mode: 0o755 });
  fs.chmodSync(DATA_DIR, 0o755);
  const dataDir = path.join(DATA_DIR, String(size));
  const marker = path.join(DATA_DIR, `${size}.seed.json`);
  const fingerprint = buildFingerprint();
  // The marker is written when seeding starts and gets the report when it ends: an interrupted seed
  // of the same build resumes (the events are deterministic, those already stored are skipped).
  let seeded = fs.existsSync(marker) ? JSON.parse(fs.readFileSync(marker, 'utf8')) : null;
  if (seeded && seeded.fingerprint !== fingerprint && KEEP_SEED) {
    log(`size ${size}: keeping the store seeded by build ${seeded.fingerprint} (commit ${seeded.commit ?? 'unknown'}); this build is ${fingerprint}`);
  } else if (seeded?.fingerprint !== fingerprint) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(marker, { force: true });
    seeded = null;
  }
  const port = await freePort();
  const server = await startEmbeddedPostgres({
    dataDir,
    port,
    persistent: true,
    flags: ['-c', 'shared_preload_libraries=auto_explain,pg_stat_statements', '-c', 'max_connections=100', ...SIZED_FOR_A_MILLION],
    onLog: (line) => {
      serverLog.push(line);
      if (serverLog.length > 20000) serverLog.splice(0, 10000);
    },
  });
  const databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/metadata_store`;
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  if (!(await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'metadata_store'`)).rowCount) await admin.query('CREATE DATABASE metadata_store');
  await admin.end();
  return { server, databaseUrl, marker, fingerprint, seeded };
}


function runNode(args, env, { capture = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    }));
    let out = '';
    child.stdout?.on('data', (c) => (out += c));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}`))));
  });
}

async function seedIfNeeded(size, db) {
  if (db.seeded?.report) {
    log(`size ${size}: reusing the store seeded on ${db.seeded.seededAt}`);
    // A store kept across builds (BENCH_READ_KEEP_SEED) gets this build's migrations, and
    // statistics for whatever they added.
    const migrationStarted = Date.now();
    const migrated = await runNode(['dist/main.js', 'migrate'], { DATABASE_URL: db.databaseUrl }, { capture: true });
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    await client.query('ANALYZE');
    await client.end();
    log(`size ${size}: migrate and ANALYZE took ${((Date.now() - migrationStarted) / 1000).toFixed(0)} s (${migrated.trim().split('\n').pop() ?? ''})`);
    return db.seeded;
  }
  const resumed = Boolean(db.seeded);
  log(`size ${size}: ${resumed ? 'resuming an interrupted seed' : 'seeding'} (npm run seed -- --datasets ${size} --seed ${SEED})`);
  const earlier = db.seeded ? [...(db.seeded.earlierAttempts ?? []), { startedAt: db.seeded.startedAt, fingerprint: db.seeded.fingerprint, commit: db.seeded.commit }] : [];
  const attempt = { fingerprint: db.fingerprint, commit: gitCommit(), startedAt: new Date().toISOString(), earlierAttempts: earlier };
  fs.writeFileSync(db.marker, JSON.stringify(attempt));
  const started = Date.now();
  // The seed logs the events and a store process of its own projects them (as a projector replica
  // would): in one process, one Node thread did both and was the bound for large events.
  await runNode(['dist/main.js', 'migrate'], { DATABASE_URL: db.databaseUrl });
  const projector = await startStoreProcess(db.databaseUrl, path.join(DATA_DIR, `${size}.projector.log`), {});
  let out;
  try {
    out = await runNode(['dist/seed/main.js', '--datasets', String(size), '--seed', String(SEED)], { DATABASE_URL: db.databaseUrl, PROJECTION_WORKERS: '0' }, { capture: true });
  } finally {
    await projector.stop();
  }
  const report = JSON.parse(out.trim().split('\n').pop());
  const wallSeconds = (Date.now() - started) / 1000;
  // Measure a settled store, not autovacuum catching up with the seed.
  const vacuumStarted = Date.now();
  const client = new pg.Client({ connectionString: db.databaseUrl });
  await client.connect();
  await client.query('VACUUM (ANALYZE)');
  await client.end();
  const seeded = { ...attempt, seededAt: new Date().toISOString(), resumed, wallSeconds, vacuumSeconds: (Date.now() - vacuumStarted) / 1000, report };
  fs.writeFileSync(db.marker, JSON.stringify(seeded, null, 2));
  return seeded;
}

async function startStoreProcess(databaseUrl, logFile, env) {
  const port = await freePort();
  const child = track(spawn(process.execPath, [...PRODUCTION_NODE_ARGS, 'dist/main.js', 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0', ...env },
    stdio: ['ignore', fs.openSync(logFile, 'w'), 'inherit'],
  }));
  const url = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; ) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    ready = await fetch(`${url}/health/ready`).then((r) => r.ok, () => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }),
  };
}

/** The store the readers and ingest talk to; with BENCH_READ_PROJECTOR=separate, plus its projector. */
async function startStore(databaseUrl, logFile) {
  if (PROJECTOR === 'in-process') return startStoreProcess(databaseUrl, logFile, {});
  const api = await startStoreProcess(databaseUrl, logFile, { PROJECTION_WORKERS: '0' });
  const projector = await startStoreProcess(databaseUrl, `${logFile}.projector`, {});
  return { url: api.url, stop: () => Promise.all([api.stop(), projector.stop()]) };
}

async function measureSize(size, gen) {
  const serverLog = [];
  const db = await startPostgres(size, serverLog);
  try {
    const seeded = await seedIfNeeded(size, db);
    if (SEED_ONLY) return null;
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    // A kept seed also holds the live ingest of every earlier run (new runs of its Trino queries):
    // the event and run counts say how far it has grown past what was seeded.
    const [{ datasets, events, runs }] = (
      await client.query('SELECT (SELECT count(*)::int FROM datasets) AS datasets, (SELECT count(*)::int FROM lineage_events) AS events, (SELECT count(*)::int FROM runs) AS runs')
    ).rows;
    const [{ version }] = (await client.query('SHOW server_version')).rows.map((r) => ({ version: r.server_version }));
    const [{ bytes }] = (await client.query('SELECT pg_database_size(current_database())::float8 AS bytes')).rows;
    await client.end();
    log(`size ${size}: ${datasets} datasets, ${events} events and ${runs} runs in the store, database ${(bytes / 1e9).toFixed(2)} GB`);

    const world = gen.buildWorld(size, SEED);
    const targets = sampleTargets(gen, world, TARGETS);
    const ingestBody = liveEvents(gen, world, 2000);
    const storeLog = path.join(DATA_DIR, `${size}.store.log`);
    const store = await startStore(db.databaseUrl, storeLog);
    const meter = new PhaseMeter(db.databaseUrl, store.url);
    try {
      await meter.open();
      const openapi = await (await fetch(`${store.url}/api/docs-json`)).json();
      const kinds = availableKinds(openapi);
      const live = kinds.filter((k) => k.available);
      log(`size ${size}: measuring ${live.map((k) => k.key).join(', ')}; not available: ${kinds.filter((k) => !k.available).map((k) => k.key).join(', ') || 'none'}`);
      await readers(store.url, live, targets, { rate: MIX_RATE, count: Math.ceil((WARMUP_S * MIX_RATE) / live.length) });
      log(`size ${size}: the graph of every target, once per lineage kind (their sizes)`);
      const graphNodes = await graphSizes(store.url, live, targets);
      // A shared machine's other work shows in the load average: recorded beside the numbers.
      const loadBefore = os.loadavg()[0];
      const measured = await measurePhases({
        baseUrl: store.url,
        kinds: live,
        targets,
        meter,
        phases: PHASES,
        settings: { samples: SAMPLES, aloneRate: ALONE_RATE, mixRate: MIX_RATE, ingestRate: INGEST_RATE, ingestBody, graphSizes: graphNodes, log: (m) => log(`size ${size}: ${m}`) },
      });
      const loadAfter = os.loadavg()[0];
      // The targets hold for each kind alone and in the mix, under ingest: the worse of the two decides.
      const judged = PHASES.filter((p) => p.endsWith('-ingest')).length ? PHASES.filter((p) => p.endsWith('-ingest')) : PHASES;
      const reads = {};
      for (const kind of kinds) {
        if (!kind.available) {
          reads[kind.key] = { label: kind.label, available: false, note: 'not available: the store does not serve this endpoint yet' };
          continue;
        }
        const worst = judged.map((p) => measured.phases[p].kinds[kind.key]).reduce((a, b) => (b.p99 > a.p99 ? b : a));
        reads[kind.key] = {
          label: kind.label,
          available: true,
          target: kind.target,
          p50: worst.p50,
          p99: worst.p99,
          met: kind.target === null ? null : judged.every((p) => measured.phases[p].kinds[kind.key].errors === 0 && measured.phases[p].kinds[kind.key].p99 <= kind.target),
        };
      }
      const diagnostics = [];
      if (live.some((kind) => reads[kind.key].met === false) && !(await projectionSettled(db.databaseUrl))) log(`size ${size}: the projection has not caught up in two minutes; plans taken beside it`);
      for (const kind of live) {
        if (reads[kind.key].met !== false) continue;
        log(`size ${size}: ${kind.key} p99 ${reads[kind.key].p99} ms misses ${kind.target} ms; collecting its plans`);
        diagnostics.push(await diagnose({ baseUrl: store.url, databaseUrl: db.databaseUrl, kind, targets, serverLog }));
      }
      return {
        measuredAt: new Date().toISOString(),
        commit: gitCommit(),
        datasetsInStore: datasets,
        eventsInStore: events,
        runsInStore: runs,
        databaseGb: Number((bytes / 1e9).toFixed(2)),
        postgres: version,
        seeding: { seededAt: seeded.seededAt, commit: seeded.commit, fingerprint: seeded.fingerprint, sameBuild: seeded.fingerprint === db.fingerprint, earlierAttempts: seeded.earlierAttempts ?? [], resumed: seeded.resumed, stored: seeded.report.stored, vacuumSeconds: seeded.vacuumSeconds, seconds: seeded.report.totalSeconds, logSeconds: seeded.report.loggedSeconds, events: seeded.report.events, eventsPerSecond: Math.round(seeded.report.stored / seeded.report.totalSeconds) },
        load: { projector: PROJECTOR, samplesPerKind: SAMPLES, aloneRate: ALONE_RATE, mixRate: MIX_RATE, ingestRate: INGEST_RATE, acceptEncoding: process.env.BENCH_READ_ACCEPT_ENCODING ?? 'gzip, deflate', loadAverage1m: { before: loadBefore, after: loadAfter } },
        calibration: measured.calibration ?? null,
        phases: measured.phases,
        reads,
        diagnostics,
      };
    } finally {
      await meter.close().catch(() => undefined);
      await store.stop();
    }
  } finally {
    await db.server.stop();
  }
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return process.env.BENCH_READ_COMMIT ?? 'unknown';
  }
}

/** What read.md holds above the generated part (written by hand: the analysis of the last runs). */
function preamble() {
  return fs.existsSync(REPORT) ? fs.readFileSync(REPORT, 'utf8') : '';
}

async function main() {
  const gen = loadGenerator(ROOT);
  const results = fs.existsSync(RESULTS) ? JSON.parse(fs.readFileSync(RESULTS, 'utf8')) : { sizes: {} };
  results.machine = { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  for (const size of SIZES) {
    const measured = await measureSize(size, gen);
    if (!measured) continue;
    results.sizes[size] = measured;
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(PLOT, scalingSvg(results, KINDS));
    fs.writeFileSync(REPORT, markdown(results, preamble()));
    log(`size ${size}: written to ${path.relative(ROOT, RESULTS)}, ${path.relative(ROOT, REPORT)} and ${path.relative(ROOT, PLOT)}`);
  }
  fs.writeFileSync(PLOT, scalingSvg(results, KINDS));
  fs.writeFileSync(REPORT, markdown(results, preamble()));
  process.stdout.write(`${table(results)}\n`);
}

main().catch((error) => {
  log(`bench:read failed: ${error.stack}`);
  process.exit(1);
});
