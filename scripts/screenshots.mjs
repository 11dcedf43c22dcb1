// The screenshots of the web UI in docs/ui.md (docs/ui-*.png), taken in Chromium against a real store:
// a throwaway embedded PostgreSQL, seeded with the generated graph (`npm run seed`), plus runs of
// the seeded Trino queries over the last seven days (the seeded history ends months ago, and the
// overview shows the last day and week), plus the test fixtures of Trino, Spark, Airflow and dbt
// (test/fixtures). `npm run screenshots` builds first.
//   node scripts/screenshots.mjs [--datasets 2000] [--out docs] [--database-url URL]
// With --database-url, the shots are of a store already seeded with `--datasets N` (say, bench:read's
// 1M store); the script seeds nothing, but adds its recent runs (300 events) to that store.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { loadGenerator, sampleTargets } from '../bench/read/targets.mjs';
import { startEmbeddedPostgres, temporaryParent } from './embedded-postgres.mjs';
import { freePort } from './free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({ options: { datasets: { type: 'string', default: '2000' }, out: { type: 'string', default: 'docs' }, 'database-url': { type: 'string' } } });
const DATASETS = Number(options.datasets);
if (options['database-url'] && !process.argv.some((a) => a.startsWith('--datasets'))) {
  throw new Error('--database-url needs --datasets: the size the store was seeded with (the subject is picked from that graph)');
}
const OUT = path.resolve(ROOT, options.out);
const SEED = 1;
const RECENT_RUNS = 300;
const VIEWPORT = { width: 1440, height: 900 };
const PRODUCER_FIXTURES = ['trino', 'spark', 'airflow', 'dbt'];
/** Long pages (a dataset's events) are cut here: the top of the page is what the shot is for. */
const MAX_HEIGHT = 1800;
const CHROMIUM = '/usr/bin/chromium';

const log = (line) => process.stderr.write(`screenshots: ${line}\n`);
const cleanups = [];

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited with ${code}`))));
  });
}

async function startStore(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js', 'serve'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SHUTDOWN_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120000;
  while (!(await fetch(`${url}/health/ready`).then((r) => r.ok, () => false))) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the store was not ready within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return url;
}

async function getJson(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * Runs of the seeded Trino queries again, moved into the last day (half) and the week before
 * (half): the seeded events as generated (durations, failures, facets), with new run ids.
 */
async function postRecentRuns(store, gen, world) {
  const runs = gen.schedule(world).filter((run) => world.producers[run.producer].kind === 'trino');
  const prng = new gen.Prng(world.seed * 29 + 5);
  const now = Date.now();
  const events = [];
  for (let i = 0; i < RECENT_RUNS; i++) {
    const generated = gen.runEvents(world, runs[prng.int(0, runs.length - 1)]);
    const window = i % 2 === 0 ? 86_400_000 : 7 * 86_400_000;
    const shift = now - 600_000 - prng.next() * window - Date.parse(generated[0].eventTime);
    const moved = (iso) => new Date(Date.parse(iso) + shift).toISOString();
    const runId = randomUUID();
    for (const event of generated) {
      const facets = { ...event.run.facets };
      if (facets.nominalTime) facets.nominalTime = { ...facets.nominalTime, nominalStartTime: moved(facets.nominalTime.nominalStartTime), nominalEndTime: moved(facets.nominalTime.nominalEndTime) };
      events.push({ ...event, eventTime: moved(event.eventTime), run: { ...event.run, runId, facets } });
    }
  }
  for (let i = 0; i < events.length; i += 200) {
    const res = await fetch(`${store}/api/v1/lineage/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events.slice(i, i + 200)) });
    if (!res.ok) throw new Error(`posting recent runs: ${res.status} ${await res.text()}`);
  }
}

/** The project's own events of each producer (test/fixtures/<producer>/*.json), as one batch. */
async function postProducerFixtures(store) {
  const events = PRODUCER_FIXTURES.flatMap((folder) => {
    const dir = path.join(ROOT, 'test', 'fixtures', folder);
    return fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  });
  const res = await fetch(`${store}/api/v1/lineage/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) });
  if (!res.ok) throw new Error(`posting the producer fixtures: ${res.status} ${await res.text()}`);
  return events;
}

/**
 * An Airflow DAG run of five tasks, each run carrying the ParentRunFacet of the DAG run (shaped as
 * test/fixtures/airflow's task event): the lineage page draws them inside the DAG. Its last table's node id.
 */
async function postAirflowDag(store) {
  const task = JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'airflow', 'task-complete.json'), 'utf8'));
  const dag = 'daily_revenue';
  const dagRun = randomUUID();
  const table = (name) => ({ namespace: 'bigquery', name: `acme-analytics.${name}`, facets: {} });
  const file = (name) => ({ namespace: 'gs://sales-exports', name, facets: {} });
  const tasks = [
    ['extract_orders', [file('orders/latest.csv')], [table('staging.orders_raw')]],
    ['extract_customers', [file('customers/latest.csv')], [table('staging.customers_raw')]],
    ['clean_orders', [table('staging.orders_raw')], [table('staging.orders_clean')]],
    ['join_customers', [table('staging.orders_clean'), table('staging.customers_raw')], [table('staging.orders_enriched')]],
    ['aggregate_revenue', [table('staging.orders_enriched')], [table('marts.daily_revenue')]],
  ];
  const events = tasks.map(([id, inputs, outputs]) => ({
    ...task,
    run: { runId: randomUUID(), facets: { ...task.run.facets, parent: { ...task.run.facets.parent, run: { runId: dagRun }, job: { namespace: task.job.namespace, name: dag } }, airflow: { ...task.run.facets.airflow, task: { ...task.run.facets.airflow.task, task_id: id } } } },
    job: { ...task.job, name: `${dag}.${id}` },
    inputs,
    outputs,
  }));
  const res = await fetch(`${store}/api/v1/lineage/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(events) });
  if (!res.ok) throw new Error(`posting the Airflow DAG: ${res.status} ${await res.text()}`);
  return `dataset:bigquery:acme-analytics.marts.daily_revenue`;
}

async function waitForProjection(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120000;
    for (;;) {
      const { rows } = await client.query('SELECT count(*)::int AS n FROM projection_queue');
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`the projection did not catch up within 120 s (${rows[0].n} queued)`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

/**
 * A Trino table with lineage both ways at depth 2, a graph small enough to read in one view, and
 * column lineage; of those, the one whose writing job has the most runs.
 */
async function pickSubject(store, gen, world) {
  let best = null;
  for (const target of sampleTargets(gen, world, 60).filter((t) => t.namespace.startsWith('trino://'))) {
    const lineage = await getJson(`${store}/api/v1/lineage?${new URLSearchParams({ nodeId: target.nodeId, depth: '2' })}`);
    const node = lineage.graph.find((n) => n.id === target.nodeId);
    const writer = node?.inEdges.map((e) => lineage.graph.find((n) => n.id === e.origin)).find((n) => n?.type === 'JOB');
    if (!writer || node.outEdges.length === 0 || lineage.graph.length < 10 || lineage.graph.length > 24) continue;
    const columns = await getJson(`${store}/api/v1/column-lineage?${new URLSearchParams({ nodeId: target.nodeId, depth: '2', withDownstream: 'true' })}`);
    if (columns.graph.length < 4 || columns.graph.length > 40) continue;
    const job = await getJson(`${store}/api/v1/namespaces/${encodeURIComponent(writer.data.namespace)}/jobs/${encodeURIComponent(writer.data.name)}`);
    const runs = job.latestRuns?.length ?? 0;
    if (job.latestRun && (!best || runs > best.runs)) best = { target, writer, job, runs };
  }
  if (!best) throw new Error('no seeded Trino table has a readable graph: try another --datasets');
  return best;
}

/** A word of the table's name (hive.sales.fct_suppliers_000187: suppliers), which finds it and its neighbours. */
function searchWord(name) {
  const words = name.split(/[^a-z]+/).filter((w) => w.length >= 4);
  return words.sort((a, b) => b.length - a.length)[0] ?? name;
}

/** Nothing on the page is still loading: no spinner, nothing busy, no "Loading…" text. */
async function settled(page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.spinner, [aria-busy="true"]') &&
      ![...document.querySelectorAll('main p, main span, main td')].some((el) => /^Loading\b/.test((el.textContent ?? '').trim())),
    undefined,
    { timeout: 60000 },
  );
  await page.waitForTimeout(400); // React Flow's fit and the charts' last paint
}

async function shoot(page, name, url, ready, alsoReady = async () => {}) {
  const started = Date.now();
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60000 });
  await alsoReady();
  const shown = Date.now() - started;
  await settled(page);
  const height = Math.min(MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
  const file = path.join(OUT, `ui-${name}.png`);
  await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: VIEWPORT.width, height: Math.max(height, VIEWPORT.height) } });
  log(`wrote ${path.relative(ROOT, file)} (its content showed ${shown} ms after navigation)`);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'ui', 'index.html'))) throw new Error('dist/ui is missing: run `npm run build` (or `npm run screenshots`)');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (Debian: apt-get install -y chromium)`);
  const started = Date.now();
  const databaseUrl = options['database-url'] ?? (await seededThrowawayStore());
  const store = await startStore(databaseUrl);
  const gen = loadGenerator(ROOT);
  const world = gen.buildWorld(DATASETS, SEED);
  await postRecentRuns(store, gen, world);
  const fixtures = await postProducerFixtures(store);
  const dagOutput = await postAirflowDag(store);
  await waitForProjection(databaseUrl);
  const { target, writer, job } = await pickSubject(store, gen, world);
  log(`subject: ${target.nodeId}, written by ${writer.id}`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  cleanups.push(() => browser.close());
  const page = await (await browser.newContext({ viewport: VIEWPORT, locale: 'en-US', timezoneId: 'UTC' })).newPage();
  const home = `${store}/`;
  const lineage = (extra) => `${home}#/lineage?${new URLSearchParams({ nodeId: target.nodeId, depth: '2', ...extra })}`;
  fs.mkdirSync(OUT, { recursive: true });
  await shoot(page, 'overview', `${home}#/overview`, '.overview-page svg.activity-chart', () =>
    // Both counts shown (the datasets count is the slowest part of the page on a large store).
    page.waitForFunction(() => [...document.querySelectorAll('.big-number')].every((n) => n.textContent !== '…'), undefined, { timeout: 60000 }));
  await shoot(page, 'datasets', home, 'table.datasets tbody tr');
  await shoot(page, 'dataset', `${home}#/datasets/${target.datasetId}`, 'table.schema tbody tr');
  await shoot(page, 'job', `${home}#/job?${new URLSearchParams({ namespace: job.namespace, name: job.name })}`, 'table.runs tbody tr');
  await shoot(page, 'run', `${home}#/runs/${job.latestRun.id}`, 'section[aria-labelledby="run-about-title"]');
  await shoot(page, 'lineage', lineage({ selected: writer.id }), '.graph-frame:not([aria-busy]) .react-flow__node');
  await shoot(page, 'column-lineage', lineage({ level: 'column' }), '.graph-frame:not([aria-busy]) .react-flow__node');
  await shoot(page, 'search', `${home}#/search?${new URLSearchParams({ q: searchWord(target.name) })}`, 'table.search-results tbody tr');
  await shoot(page, 'jobs', `${home}#/jobs`, 'table.jobs tbody tr');
  await shoot(page, 'runs', `${home}#/runs?state=FAILED`, 'table.runs tbody tr');
  await shoot(page, 'events', `${home}#/events`, 'table.events tbody tr', async () => {
    await page.locator('table.events tbody.event').first().getByRole('button', { name: /JSON/ }).click();
    await page.locator('table.events pre.json').first().waitFor({ timeout: 60000 });
  });
  await shoot(page, 'namespaces', `${home}#/namespaces`, 'table.namespaces tbody tr');
  // The producers' own shapes: a dbt model (job type, parent job), its run (parent, datasets), Spark's column lineage (transformation types).
  const dbtModel = fixtures.find((e) => e.job.name === 'jaffle_shop.customers');
  await shoot(page, 'job-dbt', `${home}#/job?${new URLSearchParams({ namespace: dbtModel.job.namespace, name: dbtModel.job.name })}`, 'table.runs tbody tr');
  await shoot(page, 'run-dbt', `${home}#/runs/${dbtModel.run.runId}`, 'section[aria-labelledby="run-events-title"] tbody.event');
  const sparkOutput = fixtures.find((e) => e.job.namespace === 'spark-etl' && e.eventType === 'COMPLETE' && e.outputs?.length).outputs[0];
  const sparkNode = `dataset:${sparkOutput.namespace}:${sparkOutput.name}`;
  await shoot(page, 'lineage-spark', `${home}#/lineage?${new URLSearchParams({ nodeId: sparkNode })}`, '.graph-frame:not([aria-busy]) .react-flow__node');
  await shoot(page, 'column-lineage-spark', `${home}#/lineage?${new URLSearchParams({ nodeId: sparkNode, level: 'column', selected: `datasetField:${sparkOutput.namespace}:${sparkOutput.name}:amount` })}`, '.graph-frame:not([aria-busy]) .react-flow__node');
  await shoot(page, 'lineage-airflow', `${home}#/lineage?${new URLSearchParams({ nodeId: dagOutput, depth: '6' })}`, '.graph-frame:not([aria-busy]) .react-flow__node-jobGroup');
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/** A throwaway embedded PostgreSQL seeded with the generated graph; its URL. */
async function seededThrowawayStore() {
  const parent = temporaryParent('metadata-store-screenshots-');
  cleanups.push(async () => fs.rmSync(parent, { recursive: true, force: true }));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(parent, 'postgres'), port: await freePort() });
  cleanups.push(() => postgres.stop());
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE metadata_store');
  await admin.end();
  const databaseUrl = postgres.adminUrl.replace(/\/postgres$/, '/metadata_store');
  const started = Date.now();
  log(`seeding ${DATASETS} datasets (npm run seed -- --datasets ${DATASETS} --seed ${SEED})`);
  const report = JSON.parse((await runNode(['dist/seed/main.js', '--datasets', String(DATASETS), '--seed', String(SEED)], { DATABASE_URL: databaseUrl })).trim().split('\n').pop());
  log(`seeded ${report.stored} events, ${report.projectedDatasets} datasets, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return databaseUrl;
}

async function cleanUp() {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => log(`cleanup: ${error.message}`));
}

process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));
try {
  await main();
} catch (error) {
  process.exitCode = 1;
  log(`failed: ${error.stack ?? error}`);
} finally {
  await cleanUp();
}
