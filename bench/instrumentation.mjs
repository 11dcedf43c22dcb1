// The cost of instrumentPg on a query: the same query loop through a plain pg Pool and through an
// instrumented one, against the same PostgreSQL, in one run, alternating rounds.
//
//   npm run bench:instrumentation            (builds first)
//   QUERIES=500 ROUNDS=11 node bench/instrumentation.mjs   (the defaults: short rounds, many of them, alternating)
//
// Per workload it reports, as medians over the rounds:
//   - query path: wall µs per query of the loop itself (what the caller waits for);
//   - with drain: the loop plus the wait until every event was written (the background work);
//   - Node CPU µs per query over loop and drain (process.cpuUsage), the machine-independent cost.
// Two instrumented pools: one whose OpenLineageClient has the noop transport (the cost of the
// instrumentation itself: lineage, events, the client's queue) and one with the file transport
// (plus serializing and appending every event). No store runs, so its CPU does not share the cores.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres, temporaryParent } from '../scripts/embedded-postgres.mjs';
import { freePort } from '../scripts/free-port.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { OpenLineageClient, FileTransport, NoopTransport, instrumentPg } = require(path.join(ROOT, 'packages/openlineage-client/dist/index.js'));

const QUERIES = Number(process.env.QUERIES ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 11);
const log = (message) => process.stderr.write(`${message}\n`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let literalCounter = 0;

/** Each workload issues QUERIES statements one after another; `i` varies the parameter. */
const WORKLOADS = [
  {
    name: 'parameterized read (one statement text)',
    run: (pool, i) => pool.query('SELECT o.id, o.amount FROM orders o WHERE o.id = $1', [(i % 10_000) + 1]),
  },
  {
    name: 'literal read (a new statement text each time: parsed every time)',
    // A counter over the whole run, so that no text repeats between rounds or pools.
    run: (pool) => pool.query(`SELECT o.id, o.amount FROM orders o WHERE o.id = ${++literalCounter}`),
  },
  {
    name: 'INSERT ... SELECT (one statement text)',
    run: (pool, i) => pool.query('INSERT INTO order_copies (id, amount) SELECT id, amount * 2 FROM orders WHERE id = $1', [(i % 10_000) + 1]),
  },
  {
    name: 'no table (SELECT 1: parsed once, emits nothing)',
    run: (pool) => pool.query('SELECT 1'),
  },
];

async function loop(pool, workload) {
  for (let i = 0; i < QUERIES; i++) await workload.run(pool, i);
}

async function measure(pool, workload, drain) {
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  await loop(pool, workload);
  const looped = process.hrtime.bigint();
  await drain();
  const drained = process.hrtime.bigint();
  const cpu = process.cpuUsage(cpuBefore);
  return {
    pathUs: Number(looped - started) / 1000 / QUERIES,
    drainedUs: Number(drained - started) / 1000 / QUERIES,
    cpuUs: (cpu.user + cpu.system) / QUERIES,
  };
}

async function main() {
  const parent = temporaryParent('bench-instrumentation-');
  const port = await freePort();
  const server = await startEmbeddedPostgres({ dataDir: path.join(parent, 'data'), port });
  const eventsFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instrumentation-events-'));
  let plain;
  let instrumentedPools = [];
  let clients = [];
  try {
    const databaseUrl = server.adminUrl;
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    await setup.query('CREATE TABLE orders (id int PRIMARY KEY, customer_id int, amount numeric, status text)');
    await setup.query("INSERT INTO orders SELECT g, g % 100, g * 1.5, 'paid' FROM generate_series(1, 10000) g");
    await setup.query('CREATE TABLE order_copies (id int, amount numeric)');
    await setup.end();

    const errors = [];
    const onError = (error) => errors.push(error);
    plain = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const variants = [
      { label: 'noop transport', transport: new NoopTransport() },
      { label: 'file transport', transport: new FileTransport({ log_file_path: path.join(eventsFolder, 'events.jsonl') }) },
    ].map(({ label, transport }) => {
      const variantClient = new OpenLineageClient({ transport, maxQueueSize: 100_000, onError });
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
      const instrumentation = instrumentPg(pool, { client: variantClient, namespace: 'bench', onError });
      const drain = async () => {
        await instrumentation.settled();
        await variantClient.flush();
      };
      return { label, client: variantClient, pool, drain };
    });
    clients = variants.map((variant) => variant.client);
    instrumentedPools = variants.map((variant) => variant.pool);
    const noDrain = async () => undefined;

    const results = [];
    for (const workload of WORKLOADS) {
      log(`${workload.name}: warming up`);
      await loop(plain, workload);
      for (const variant of variants) {
        await loop(variant.pool, workload);
        await variant.drain();
      }
      const baseline = [];
      const measured = variants.map(() => []);
      for (let round = 0; round < ROUNDS; round++) {
        baseline.push(await measure(plain, workload, noDrain));
        for (const [index, variant] of variants.entries()) measured[index].push(await measure(variant.pool, workload, variant.drain));
        await plain.query('TRUNCATE order_copies');
      }
      const pick = (runs, key) => median(runs.map((run) => run[key]));
      const range = (runs) => [Math.min(...runs.map((r) => r.pathUs)), Math.max(...runs.map((r) => r.pathUs))];
      results.push({
        workload: workload.name,
        baselineUs: pick(baseline, 'pathUs'),
        baselineCpuUs: pick(baseline, 'cpuUs'),
        baselineRange: range(baseline),
        variants: variants.map((variant, index) => ({
          label: variant.label,
          pathUs: pick(measured[index], 'pathUs'),
          drainedUs: pick(measured[index], 'drainedUs'),
          cpuUs: pick(measured[index], 'cpuUs'),
          range: range(measured[index]),
        })),
      });
      const last = results[results.length - 1];
      log(`  plain ${last.baselineUs.toFixed(1)} µs/query; ${last.variants.map((v) => `${v.label} ${v.pathUs.toFixed(1)} (x${(v.pathUs / last.baselineUs).toFixed(2)})`).join(', ')}`);
    }

    const fmt = (n) => n.toFixed(1);
    const lines = [
      `${QUERIES} queries per round, ${ROUNDS} rounds per side, medians; one pg connection per pool; Node ${process.version}, ${os.cpus().length} cores`,
      '',
      '| workload | plain µs/query | instrumented | µs/query (ratio) | incl. drain µs/query (ratio) | Node CPU µs/query plain → instrumented |',
      '| --- | --- | --- | --- | --- | --- |',
      ...results.flatMap((r) =>
        r.variants.map(
          (v) =>
            `| ${r.workload} | ${fmt(r.baselineUs)} | ${v.label} | ${fmt(v.pathUs)} (${(v.pathUs / r.baselineUs).toFixed(2)}) | ${fmt(v.drainedUs)} (${(v.drainedUs / r.baselineUs).toFixed(2)}) | ${fmt(r.baselineCpuUs)} → ${fmt(v.cpuUs)} |`,
        ),
      ),
      '',
      ...variants.map((variant) => {
        const stats = variant.client.stats();
        return `${variant.label}: events sent ${stats.sent}, failed ${stats.failed}, dropped ${stats.dropped}`;
      }),
      `instrumentation errors: ${errors.length}`,
      '',
      'spread of the query-path µs/query over the rounds (min–max):',
      ...results.map(
        (r) =>
          `- ${r.workload}: plain ${fmt(r.baselineRange[0])}–${fmt(r.baselineRange[1])}; ` +
          r.variants.map((v) => `${v.label} ${fmt(v.range[0])}–${fmt(v.range[1])}`).join('; '),
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    // pg-pool's end() resolves before its clients' sockets have closed; PostgreSQL stopping then
    // ends those connections, which a pool reports as an 'error' event.
    for (const pool of [plain, ...instrumentedPools]) pool?.on('error', () => undefined);
    await plain?.end();
    for (const pool of instrumentedPools) await pool.end();
    for (const client of clients) await client.close(10_000);
    await server.stop();
    fs.rmSync(eventsFolder, { recursive: true, force: true });
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

await main();
