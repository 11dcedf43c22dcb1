// Two builds' lineage graphs over one seeded store, alternating, after `npm run build`:
//   DATABASE_URL=postgres://... [COMPARE_PREPARED=1] node bench/read/compare-walks.mjs <datasets in the seed> <baseline dist/>
// For the read benchmark's targets (bench/read/targets.mjs) and each walk kind, it runs the lineage
// service of the baseline build (an earlier commit's dist/, copied aside) and of this one, round
// after round in turn, over COMPARE_CONNECTIONS connections (statements handed out in turn): the
// graphs must be the same bytes (a difference is printed and fails the run). Per graph, one graph
// at a time, the median of COMPARE_ROUNDS rounds of: the elapsed time (the service's SQL, its round
// trips and its Node work), the CPU time of the PostgreSQL backends serving it (read from /proc: the
// store must run on this machine) and this process's CPU time. On a shared machine the elapsed time
// moves with the load, CPU time less so; alternating keeps the load the same for both builds.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadGenerator, sampleTargets } from './targets.mjs';
import { lineageService, WALK_KINDS } from './lineage-service.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const [size, baselineDist] = [Number(process.argv[2]), process.argv[3]];
if (!process.env.DATABASE_URL || !size || !baselineDist) {
  throw new Error('usage: DATABASE_URL=... node bench/read/compare-walks.mjs <datasets> <baseline dist/>');
}
const SAMPLES = Number(process.env.COMPARE_SAMPLES ?? 60);
const ROUNDS = Number(process.env.COMPARE_ROUNDS ?? 5);

const clients = Array.from({ length: Number(process.env.COMPARE_CONNECTIONS ?? 4) }, () => new pg.Client({ connectionString: process.env.DATABASE_URL }));
await Promise.all(clients.map((c) => c.connect()));
const backends = await Promise.all(clients.map(async (c) => (await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
// Statements go to the connections in turn, each connection's one after another.
const queues = clients.map(() => Promise.resolve());
let next = 0;
/** `prepared`: each statement as a named prepared statement (its name a hash of its text), planned once per connection and kind of plan. */
const sourceOf = (prepared) => ({
  query(sql, params) {
    const i = next++ % clients.length;
    const statement = prepared ? { name: `s${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`, text: sql, values: params } : { text: sql, values: params };
    const run = queues[i].then(() => clients[i].query(statement));
    queues[i] = run.catch(() => undefined);
    return run.then((result) => result.rows);
  },
});
const source = sourceOf(false);
/** CPU milliseconds the backends have used (utime + stime, in clock ticks of 10 ms). */
const backendCpuMs = () =>
  backends.reduce((sum, pid) => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) * 10;
  }, 0);
// COMPARE_PREPARED=1: this build's statements go as named prepared statements (pass this build's
// dist/ as the baseline to measure what skipping the planning is worth).
const builds = { baseline: lineageService(baselineDist, source), 'this build': lineageService(path.join(ROOT, 'dist'), sourceOf(process.env.COMPARE_PREPARED === '1')) };
const gen = loadGenerator(ROOT);
const targets = sampleTargets(gen, gen.buildWorld(size, 1), SAMPLES);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Per graph over all targets: elapsed, PostgreSQL CPU and Node CPU milliseconds; the graphs' JSON when `keep`. */
async function round(service, options, keep) {
  const graphs = [];
  const [started, pgCpu, nodeCpu] = [process.hrtime.bigint(), backendCpuMs(), process.cpuUsage()];
  for (const target of targets) {
    const graph = await service.tableGraph(target.nodeId, options(target));
    if (keep) graphs.push(JSON.stringify(graph));
  }
  const node = process.cpuUsage(nodeCpu);
  return {
    ms: Number(process.hrtime.bigint() - started) / 1e6 / targets.length,
    pgCpu: (backendCpuMs() - pgCpu) / targets.length,
    nodeCpu: (node.user + node.system) / 1000 / targets.length,
    graphs,
  };
}

let differences = 0;
const lines = [
  `Targets: the read benchmark's first ${SAMPLES} in a store seeded with ${size} datasets; ${ROUNDS} rounds per build, alternating.`,
  '',
  '| walk | elapsed ms per graph: baseline / this build (ratio) | PostgreSQL CPU ms per graph | Node CPU ms per graph |',
  '|---|---:|---:|---:|',
];
try {
  for (const [kind, options] of Object.entries(WALK_KINDS)) {
    const first = { baseline: await round(builds.baseline, options, true), 'this build': await round(builds['this build'], options, true) };
    first.baseline.graphs.forEach((graph, i) => {
      if (graph !== first['this build'].graphs[i]) {
        differences++;
        process.stderr.write(`different ${kind} graph for ${targets[i].nodeId}\n`);
      }
    });
    const rounds = { baseline: [], 'this build': [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const name of i % 2 ? ['this build', 'baseline'] : ['baseline', 'this build']) rounds[name].push(await round(builds[name], options, false));
    }
    const cell = (measure) => {
      const [a, b] = ['baseline', 'this build'].map((name) => median(rounds[name].map((r) => r[measure])));
      return `${a.toFixed(1)} / ${b.toFixed(1)} (${(b / a).toFixed(2)})`;
    };
    lines.push(`| ${kind} | ${cell('ms')} | ${cell('pgCpu')} | ${cell('nodeCpu')} |`);
  }
  lines.push('', differences ? `${differences} graphs differ.` : `Every graph the same bytes in both builds (${targets.length} per kind).`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await Promise.all(clients.map((c) => c.end()));
}
process.exitCode = differences ? 1 : 0;
