// npm run bench:rate: the store at the fixed rates Trino sends, where each projection batch is
// small and its fixed costs weigh most. For each checkout in BENCH_ROOTS (this one by default; give
// another checkout with dist/ built to compare), interleaved over BENCH_REPEATS: BENCH_RATE events/s
// offered for BENCH_DURATION_S (open loop), then until the projection has emptied the queue.
// Reports p50/p99, the CPU per event of the store's Node process and of PostgreSQL over that whole
// time, and PostgreSQL's execution and planning time per event from pg_stat_statements (which
// includes time spent waiting for locks), with the statements that cost most.
//   BENCH_RATE (300), BENCH_DURATION_S (20), BENCH_REPEATS (2), BENCH_ROOTS (space-separated),
//   BENCH_STORE_ENV='K=V,K=V' (settings for the store).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresCpuSeconds, processCpuSeconds } from './cpu.mjs';
import { eventText } from './event.mjs';
import { fixedRate } from './open-loop.mjs';
import { checkoutRoots, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RATE = Number(process.env.BENCH_RATE ?? 300);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 20);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const ROOTS = checkoutRoots();
const STORE_ENV = storeSettings('BENCH_STORE_ENV');
const TOP_STATEMENTS = 8;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function queueDepth(client) {
  const { rows } = await client.query('SELECT count(*)::int AS n FROM projection_queue');
  return rows[0].n;
}

async function drained(client) {
  while ((await queueDepth(client)) > 0) await sleep(100);
}

async function measure(pgServer, root) {
  const databaseUrl = await pgServer.database(root);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const store = await startStore(databaseUrl, 'sync', { env: STORE_ENV, root });
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await fixedRate(store.url, { rate: 200, durationS: 3, body: () => eventText() }); // warm up
    await drained(client);
    await client.query('SELECT pg_stat_statements_reset()');
    const before = { node: processCpuSeconds(store.child.pid), pg: postgresCpuSeconds(pgServer.dataDir) };
    const started = performance.now();
    const r = await fixedRate(store.url, { rate: RATE, durationS: DURATION_S, body: () => eventText() });
    await drained(client);
    const drainS = (performance.now() - started) / 1000 - DURATION_S;
    const after = { node: processCpuSeconds(store.child.pid), pg: postgresCpuSeconds(pgServer.dataDir) };
    const events = RATE * DURATION_S;
    const { rows } = await client.query(
      `SELECT calls, total_exec_time, total_plan_time, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
         FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%projection_queue%count%'`,
    );
    const perEvent = (ms) => (ms * 1000) / events;
    return {
      p50: r.p50,
      p99: r.p99,
      failed: r.failed,
      drainS,
      nodeUs: ((after.node - before.node) * 1e6) / events,
      postgresUs: ((after.pg - before.pg) * 1e6) / events,
      execUs: perEvent(rows.reduce((s, x) => s + x.total_exec_time, 0)),
      planUs: perEvent(rows.reduce((s, x) => s + x.total_plan_time, 0)),
      top: rows
        .sort((a, b) => b.total_exec_time + b.total_plan_time - (a.total_exec_time + a.total_plan_time))
        .slice(0, TOP_STATEMENTS)
        .map((x) => ({ execUs: perEvent(x.total_exec_time), planUs: perEvent(x.total_plan_time), calls: Number(x.calls), query: x.query })),
    };
  } finally {
    await stopChild(store.child);
    await client.end();
  }
}

async function main() {
  const pgServer = await startPostgres({ flags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on'] });
  const runs = new Map(ROOTS.map((root) => [root, []]));
  try {
    for (let i = 0; i < REPEATS; i++) {
      for (const root of ROOTS) {
        const m = await measure(pgServer, root);
        runs.get(root).push(m);
        process.stderr.write(
          `#${i + 1} ${root}: p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, drained ${m.drainS.toFixed(1)} s after, ` +
            `Node ${m.nodeUs.toFixed(0)} µs/event, PostgreSQL ${m.postgresUs.toFixed(0)} µs/event ` +
            `(statements: execution ${m.execUs.toFixed(0)}, planning ${m.planUs.toFixed(0)} µs/event)\n`,
        );
      }
    }
  } finally {
    await pgServer.stop();
  }
  console.log(`${RATE} events/s offered for ${DURATION_S} s, then until projected; ${REPEATS} interleaved runs per checkout`);
  console.log('| checkout | p50 ms | p99 ms | Node µs/event | PostgreSQL µs/event | statement execution µs/event | planning µs/event | failed |');
  console.log('|---|---|---|---|---|---|---|---:|');
  const range = (xs, d = 0) => `${Math.min(...xs).toFixed(d)}–${Math.max(...xs).toFixed(d)}`;
  for (const [root, ms] of runs) {
    const col = (k, d) => range(ms.map((m) => m[k]), d);
    console.log(`| ${path.relative(ROOT, root) || '.'} | ${col('p50', 1)} | ${col('p99', 1)} | ${col('nodeUs')} | ${col('postgresUs')} | ${col('execUs')} | ${col('planUs')} | ${ms.reduce((s, m) => s + m.failed, 0)} |`);
  }
  for (const [root, ms] of runs) {
    console.log(`\nmost costly statements, ${path.relative(ROOT, root) || '.'} (last run, µs per event: execution + planning, calls):`);
    for (const t of ms.at(-1).top) console.log(`  ${t.execUs.toFixed(0).padStart(5)} + ${t.planUs.toFixed(0).padStart(4)}  ${String(t.calls).padStart(5)}  ${t.query}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
