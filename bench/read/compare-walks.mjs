// Two builds' lineage graphs over one seeded store, alternating, after `npm run build`:
//   DATABASE_URL=postgres://... node bench/read/compare-walks.mjs <datasets in the seed> <baseline dist/>
// For the read benchmark's targets (bench/read/targets.mjs) and each walk kind, it runs the lineage
// service of the baseline build (an earlier commit's dist/, copied aside) and of this one, round
// after round in turn, over one pool of COMPARE_POOL connections: the graphs must be the same
// bytes (a difference is printed and fails the run), and the time per graph (the service's SQL, its
// round trips and its Node work, one graph at a time) is the median of COMPARE_ROUNDS rounds. On a
// shared machine the times move with the load; alternating keeps that load the same for both.
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

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.COMPARE_POOL ?? 4) });
const source = { query: async (sql, params) => (await pool.query(sql, params)).rows };
const builds = { baseline: lineageService(baselineDist, source), 'this build': lineageService(path.join(ROOT, 'dist'), source) };
const gen = loadGenerator(ROOT);
const targets = sampleTargets(gen, gen.buildWorld(size, 1), SAMPLES);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Milliseconds per graph over all targets; the graphs' JSON when `keep`. */
async function round(service, options, keep) {
  const graphs = [];
  const started = process.hrtime.bigint();
  for (const target of targets) {
    const graph = await service.tableGraph(target.nodeId, options(target));
    if (keep) graphs.push(JSON.stringify(graph));
  }
  return { ms: Number(process.hrtime.bigint() - started) / 1e6 / targets.length, graphs };
}

let differences = 0;
const lines = [
  `Targets: the read benchmark's first ${SAMPLES} in a store seeded with ${size} datasets; ${ROUNDS} rounds per build, alternating.`,
  '',
  '| walk | baseline ms per graph | this build ms per graph | ratio |',
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
    const ms = { baseline: [], 'this build': [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const name of i % 2 ? ['this build', 'baseline'] : ['baseline', 'this build']) ms[name].push((await round(builds[name], options, false)).ms);
    }
    const [a, b] = [median(ms.baseline), median(ms['this build'])];
    lines.push(`| ${kind} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)} |`);
  }
  lines.push('', differences ? `${differences} graphs differ.` : `Every graph the same bytes in both builds (${targets.length} per kind).`);
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await pool.end();
}
process.exitCode = differences ? 1 : 0;
