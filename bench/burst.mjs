// npm run bench:burst: the store under a burst at its maximum rate, inside the memory limit the
// Helm chart gives it. wrk's closed loop (32 connections, the benchmark's Trino event, a fresh
// runId each) for BENCH_BURST_S, then nothing: how long the projection takes to empty the backlog
// the burst left, the projection lag and the store's memory during the burst, and whether the
// kernel killed it. Where this process may create memory cgroups (root, cgroup v1 or v2), the store
// runs in one limited to the chart's `resources.limits.memory`; elsewhere it runs unlimited and
// says so.
//   BENCH_BURST_S (60), BENCH_CONNECTIONS (32), BENCH_DRAIN_LIMIT_S (600), BENCH_STORE_ENV='K=V,...',
//   BENCH_MEMORY_LIMIT (the chart's, e.g. 512Mi).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import YAML from 'yaml';
import { writeCompactTemplate } from './event.mjs';
import { freePort, PRODUCTION_NODE_ARGS, startPostgres, stopChild, storeSettings, track, waitReady } from './processes.mjs';
import { requireWrk, wrk } from './wrk.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BURST_S = Number(process.env.BENCH_BURST_S ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DRAIN_LIMIT_S = Number(process.env.BENCH_DRAIN_LIMIT_S ?? 600);
const STORE_ENV = storeSettings('BENCH_STORE_ENV');
const SAMPLE_MS = 250;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chart's memory limit for the service container, in bytes. */
function chartMemoryLimit() {
  const values = YAML.parse(fs.readFileSync(path.join(ROOT, 'deploy/helm/metadata-store/values.yaml'), 'utf8'));
  const text = process.env.BENCH_MEMORY_LIMIT ?? values.resources.limits.memory;
  const m = /^(\d+)(Ki|Mi|Gi)?$/.exec(text);
  if (!m) throw new Error(`cannot read the memory limit ${text}`);
  return { text, bytes: Number(m[1]) * { undefined: 1, Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3 }[m[2]] };
}

/** A memory cgroup of our own (v1 or v2) limited to `bytes`, or null where we may not make one. */
function memoryCgroup(bytes) {
  const name = `metadata-store-bench-${process.pid}`;
  const candidates = [
    { dir: `/sys/fs/cgroup/memory/${name}`, limit: 'memory.limit_in_bytes', peak: 'memory.max_usage_in_bytes', kills: () => oomKillsV1 },
    { dir: `/sys/fs/cgroup/${name}`, limit: 'memory.max', peak: 'memory.peak', kills: () => oomKillsV2 },
  ];
  for (const c of candidates) {
    try {
      fs.mkdirSync(c.dir);
      fs.writeFileSync(path.join(c.dir, c.limit), String(bytes));
      // No swap to hide in: the limit is the memory the store may use.
      try {
        fs.writeFileSync(path.join(c.dir, c.dir.includes('/memory/') ? 'memory.memsw.limit_in_bytes' : 'memory.swap.max'), c.dir.includes('/memory/') ? String(bytes) : '0');
      } catch {
        // swap accounting off: nothing to limit
      }
      return {
        procs: path.join(c.dir, 'cgroup.procs'),
        peakBytes: () => Number(fs.readFileSync(path.join(c.dir, c.peak), 'utf8')),
        oomKills: () => c.kills()(c.dir),
        remove: () => fs.rmdirSync(c.dir),
      };
    } catch {
      try {
        fs.rmdirSync(c.dir);
      } catch {
        // not made
      }
    }
  }
  return null;
}
const oomKillsV1 = (dir) => Number(/oom_kill (\d+)/.exec(fs.readFileSync(path.join(dir, 'memory.oom_control'), 'utf8'))?.[1] ?? 0);
const oomKillsV2 = (dir) => Number(/oom_kill (\d+)/.exec(fs.readFileSync(path.join(dir, 'memory.events'), 'utf8'))?.[1] ?? 0);

/** The store, started inside the cgroup (a shell joins it, then becomes the store). */
async function startStoreIn(cgroup, databaseUrl) {
  const port = await freePort();
  const command = [process.execPath, ...PRODUCTION_NODE_ARGS, 'dist/main.js', 'serve'].map((a) => `'${a}'`).join(' ');
  const script = cgroup ? `echo $$ > '${cgroup.procs}' && exec ${command}` : `exec ${command}`;
  const child = track(spawn('sh', ['-c', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SHUTDOWN_DELAY_MS: '0', LOG_LEVEL: 'warn', ...STORE_ENV },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url, child);
  return { child, url };
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  requireWrk();
  const limit = chartMemoryLimit();
  const cgroup = memoryCgroup(limit.bytes);
  const pgServer = await startPostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-burst-'));
  let store = null;
  try {
    const databaseUrl = await pgServer.database();
    store = await startStoreIn(cgroup, databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const lagSeconds = async () =>
      (await client.query(`SELECT coalesce(extract(epoch FROM now() - min(enqueued_at)), 0)::float AS lag, count(*)::int AS n FROM projection_queue`)).rows[0];

    let sampling = true;
    let peakRss = 0;
    const lags = [];
    const sampler = (async () => {
      while (sampling && store.child.exitCode === null) {
        try {
          peakRss = Math.max(peakRss, rssMb(store.child.pid));
          lags.push((await lagSeconds()).lag);
        } catch {
          // the store exited between two reads
        }
        await sleep(SAMPLE_MS);
      }
    })();
    const load = await wrk(`${store.url}/api/v1/lineage`, { connections: CONNECTIONS, durationS: BURST_S, templateFile: writeCompactTemplate(path.join(dir, 'event.json')) });
    const burstEnded = performance.now();
    sampling = false;
    await sampler;
    const { n: backlog } = await lagSeconds();
    let drainedS = null;
    while (store.child.exitCode === null && (performance.now() - burstEnded) / 1000 < DRAIN_LIMIT_S) {
      if ((await lagSeconds()).n === 0) {
        drainedS = (performance.now() - burstEnded) / 1000;
        break;
      }
      await sleep(SAMPLE_MS);
    }
    await client.end();
    const sorted = [...lags].sort((a, b) => a - b);
    const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
    console.log(`burst: ${BURST_S} s of wrk c=${CONNECTIONS} (the benchmark's event), then nothing`);
    console.log(`memory limit: ${cgroup ? `${limit.text} (the chart's), in a cgroup of its own` : `none: no memory cgroup could be made here (needs root); the chart's is ${limit.text}`}`);
    console.log('| events/s | failed | backlog at the end of the burst | drained after the burst in | projection lag p99 / max during the burst | peak RSS | cgroup peak | killed by the kernel |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---|');
    console.log(
      `| ${load.eventsPerSecond.toFixed(0)} | ${load.non2xx + load.errors} | ${backlog} | ${drainedS === null ? `not within ${DRAIN_LIMIT_S} s` : `${drainedS.toFixed(1)} s`} | ` +
        `${p99.toFixed(1)} s / ${(sorted.at(-1) ?? 0).toFixed(1)} s | ${peakRss.toFixed(0)} MB | ${cgroup ? `${(cgroup.peakBytes() / 1048576).toFixed(0)} MB` : '-'} | ` +
        `${cgroup ? (cgroup.oomKills() > 0 || store.child.exitCode !== null ? `yes (${cgroup.oomKills()} OOM kills)` : 'no') : store.child.exitCode !== null ? 'exited' : 'no'} |`,
    );
  } finally {
    if (store) await stopChild(store.child);
    await pgServer.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    cgroup?.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
