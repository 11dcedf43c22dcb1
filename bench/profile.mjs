// npm run bench:profile: a CPU profile of the store under the benchmark's wrk load, and the CPU
// that PostgreSQL spent meanwhile, by process. Prints where the store's Node time goes (inclusive,
// by part of the request path) and the top functions by self time; keeps the .cpuprofile (open it
// in Chrome DevTools) in the printed folder.
//   PROFILE_MODE=sync|async (sync), PROFILE_DURATION_S (15), any other store setting via PROFILE_ENV='K=V,K=V',
//   PROFILE_ROOT: another checkout of the store with dist/ built (to profile an older version).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresChildren, postgresCpuByKind, postgresCpuSeconds, processCpuSeconds } from './cpu.mjs';
import { writeCompactTemplate } from './event.mjs';
import { PRODUCTION_NODE_ARGS, startPostgres, startStore, stopChild, storeSettings } from './processes.mjs';
import { summariseProfile } from './profile-summary.mjs';
import { ingestCommitMetrics } from './store-metrics.mjs';
import { requireWrk, wrk } from './wrk.mjs';

const MODE = process.env.PROFILE_MODE ?? 'sync';
const DURATION_S = Number(process.env.PROFILE_DURATION_S ?? 15);
const EXTRA_ENV = storeSettings('PROFILE_ENV');

async function main() {
  requireWrk();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-profile-'));
  const templateFile = writeCompactTemplate(path.join(dir, 'event.json'));
  const pgServer = await startPostgres();
  try {
    const store = await startStore(await pgServer.database(process.env.PROFILE_ROOT), MODE, { nodeArgs: [...PRODUCTION_NODE_ARGS, '--cpu-prof', '--cpu-prof-dir', dir], env: EXTRA_ENV, root: process.env.PROFILE_ROOT });
    const before = { node: processCpuSeconds(store.child.pid), pg: postgresCpuSeconds(pgServer.dataDir), procs: postgresChildren(pgServer.dataDir) };
    const fromUs = Number(process.hrtime.bigint() / 1000n);
    const r = await wrk(`${store.url}/api/v1/lineage`, { connections: 32, durationS: DURATION_S, templateFile });
    const toUs = Number(process.hrtime.bigint() / 1000n);
    const after = { node: processCpuSeconds(store.child.pid), pg: postgresCpuSeconds(pgServer.dataDir), procs: postgresChildren(pgServer.dataDir) };
    const commits = await ingestCommitMetrics(store.url);
    await stopChild(store.child);
    const events = r.eventsPerSecond * r.durationS;
    const us = (s) => ((s * 1e6) / events).toFixed(0);
    console.log(`store ${MODE}: ${r.eventsPerSecond.toFixed(0)} events/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ${r.failed} failed`);
    console.log(`CPU per event: Node ${us(after.node - before.node)} µs, PostgreSQL ${us(after.pg - before.pg)} µs`);
    console.log(`events per commit: ${(commits.events / commits.batches).toFixed(1)}`);
    const statementMs = (commits.statementSeconds / commits.commits) * 1000;
    if (Number.isFinite(statementMs)) console.log(`statement time: ${statementMs.toFixed(2)} ms per commit, ${((commits.statementSeconds * 1e6) / commits.events).toFixed(0)} µs per event`);
    console.log('PostgreSQL CPU by process kind (µs per event):');
    for (const [kind, s] of Object.entries(postgresCpuByKind(before.procs, after.procs)).sort((a, b) => b[1] - a[1])) if (s > 0) console.log(`  ${us(s).padStart(6)}  ${kind}`);
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    console.log(summariseProfile(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), events, { fromUs, toUs }, ((after.node - before.node) * 1e6) / events));
    console.log(`profile: ${path.join(dir, file)}`);
  } finally {
    await pgServer.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
