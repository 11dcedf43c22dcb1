// npm run bench:commit-cycle: what one group commit is made of under a closed loop, ingest alone by
// default (PROJECTION_WORKERS=0). For each wrk connection count in BENCH_CONNECTIONS_LIST
// (32,64,128), on a fresh database after BENCH_WARMUP_S (5) of the same load, for BENCH_DURATION_S
// (10), BENCH_REPEATS (2) times:
//   - events/s, commits/s and events per commit (the store's metadata_store_ingest_* metrics);
//   - the append statement's time as the store sees it (from sending it to its answer) per commit,
//     and the share of the wall time in which one is in flight;
//   - PostgreSQL's execution time of the append (pg_stat_statements) and its CPU by process kind;
//   - the store's CPU by thread (the event loop's `main` thread, V8's workers) and what the rest of
//     the machine (wrk, this script) used.
//   BENCH_STORE_ENV='K=V,K=V' adds store settings (e.g. PROJECTION_WORKERS=2 to project as well).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { machineCpuSeconds, postgresChildren, postgresCpuByKind, threadCpuSeconds } from './cpu.mjs';
import { writeCompactTemplate } from './event.mjs';
import { PRODUCTION_NODE_ARGS, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';
import { ingestCommitMetrics } from './store-metrics.mjs';
import { requireWrk, wrk } from './wrk.mjs';

const CONNECTIONS = (process.env.BENCH_CONNECTIONS_LIST ?? '32,64,128').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 5);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const STORE_ENV = { PROJECTION_WORKERS: '0', ...storeSettings('BENCH_STORE_ENV') };

function readings(pgServer, pid) {
  return { threads: threadCpuSeconds(pid), postgres: postgresChildren(pgServer.dataDir), machine: machineCpuSeconds() };
}

/** What each thread of the store used between two threadCpuSeconds() readings. */
const threadDeltas = (before, after) => Object.fromEntries(Object.entries(after).map(([role, seconds]) => [role, seconds - (before[role] ?? 0)]));

const sum = (secondsByPart) => Object.values(secondsByPart).reduce((a, b) => a + b, 0);

/** Each part's CPU over the run, as a share of one core and in µs per event; parts under 0.5 % left out. */
function cpuShares(secondsByPart, durationS, events) {
  return Object.entries(secondsByPart)
    .filter(([, seconds]) => seconds / durationS >= 0.005)
    .map(([part, seconds]) => `${part} ${((seconds / durationS) * 100).toFixed(0)} % (${((seconds * 1e6) / events).toFixed(0)} µs/event)`)
    .join(', ');
}

async function measure(pgServer, templateFile, connections) {
  const databaseUrl = await pgServer.database();
  const store = await startStore(databaseUrl, 'sync', { env: STORE_ENV, nodeArgs: PRODUCTION_NODE_ARGS });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const url = `${store.url}/api/v1/lineage`;
    await wrk(url, { connections, durationS: WARMUP_S, templateFile });
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
    const [metricsBefore, before] = [await ingestCommitMetrics(store.url), readings(pgServer, store.child.pid)];
    const r = await wrk(url, { connections, durationS: DURATION_S, templateFile });
    const [metricsAfter, after] = [await ingestCommitMetrics(store.url), readings(pgServer, store.child.pid)];
    const { rows } = await client.query(
      `SELECT sum(calls)::int AS calls, sum(total_exec_time) AS ms FROM pg_stat_statements WHERE query LIKE '%INSERT INTO lineage_events%'`,
    );
    const commits = metricsAfter.commits - metricsBefore.commits;
    const statementS = metricsAfter.statementSeconds - metricsBefore.statementSeconds;
    const transactions = metricsAfter.batches - metricsBefore.batches;
    const events = r.eventsPerSecond * r.durationS;
    const threads = threadDeltas(before.threads, after.threads);
    const postgres = postgresCpuByKind(before.postgres, after.postgres);
    const machineBusy = after.machine.busy - before.machine.busy;
    const machineTotal = after.machine.total - before.machine.total;
    return [
      `wrk ${connections} connections: ${r.eventsPerSecond.toFixed(0)} events/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed; machine ${((machineBusy / machineTotal) * 100).toFixed(0)} % busy, ${(((after.machine.stolen - before.machine.stolen) / machineTotal) * 100).toFixed(1)} % stolen`,
      `  commits: ${(commits / r.durationS).toFixed(0)}/s, ${((metricsAfter.events - metricsBefore.events) / transactions).toFixed(1)} events each; the append in flight ${((statementS / r.durationS) * 100).toFixed(0)} % of the time, ${((statementS / commits) * 1000).toFixed(2)} ms per commit as the store sees it, of which PostgreSQL executed ${(rows[0].ms / rows[0].calls).toFixed(2)} ms (${rows[0].calls} appends)`,
      `  store threads: ${cpuShares(threads, r.durationS, events)}`,
      `  PostgreSQL: ${cpuShares(postgres, r.durationS, events)}`,
      `  rest of the machine (wrk, this script): ${(((machineBusy - sum(threads) - sum(postgres)) / r.durationS) * 100).toFixed(0)} % of a core`,
    ].join('\n');
  } finally {
    await client.end();
    await stopChild(store.child);
  }
}

async function main() {
  console.log(`wrk ${requireWrk()}; ${DURATION_S} s after ${WARMUP_S} s of warm-up, ${REPEATS} repeats, ${os.cpus().length} cores, store ${JSON.stringify(STORE_ENV)}`);
  const templateFile = writeCompactTemplate(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'commit-cycle-')), 'event.json'));
  const pgServer = await startPostgres({ flags: ['-c', 'shared_preload_libraries=pg_stat_statements'] });
  try {
    for (let i = 1; i <= REPEATS; i++) {
      for (const connections of CONNECTIONS) console.log(`#${i} ${await measure(pgServer, templateFile, connections)}`);
    }
  } finally {
    await pgServer.stop();
    fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
