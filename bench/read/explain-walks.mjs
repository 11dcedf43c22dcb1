// The lineage walks' cost by direction, and their plans, on a seeded store (after `npm run build`):
//   DATABASE_URL=postgres://... node bench/read/explain-walks.mjs <datasets in the seed> [out.md]
// For the read benchmark's targets it runs each kind's statements through the real service code
// (dist/read/lineage), with EXPLAIN (ANALYZE, BUFFERS) in front of every statement, and reports per
// kind: the graph's size (nodes), and per statement its execution time and shared buffers; then the
// plan of each statement for one large upstream graph. Times are from whatever machine ran it;
// buffers are the measure that does not move with load.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadGenerator, sampleTargets } from './targets.mjs';
import { lineageService, WALK_KINDS } from './lineage-service.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const size = Number(process.argv[2]);
const out = process.argv[3];
const SAMPLES = Number(process.env.EXPLAIN_SAMPLES ?? 40);
if (!process.env.DATABASE_URL || !size) throw new Error('usage: DATABASE_URL=... node bench/read/explain-walks.mjs <datasets> [out.md]');

// EXPLAIN_DIST: another build's dist/ (an earlier commit's, to compare against).
const DIST = process.env.EXPLAIN_DIST ?? path.join(ROOT, 'dist');

/** A stand-in for TypeORM's DataSource that explains every statement and records its plan. */
class ExplainingSource {
  constructor(client) {
    this.client = client;
    this.statements = [];
    this.last = Promise.resolve();
  }
  /** One statement at a time on the one connection, in the order the service issued them. */
  query(sql, params) {
    const run = this.last.then(() => this.explain(sql, params));
    this.last = run.catch(() => undefined);
    return run;
  }
  async explain(sql, params) {
    const { rows } = await this.client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const [plan] = rows[0]['QUERY PLAN'];
    this.statements.push({ sql, params, plan });
    // The statement again for its rows: EXPLAIN returns none.
    return (await this.client.query(sql, params)).rows;
  }
}

const KINDS = Object.fromEntries(Object.entries(WALK_KINDS).map(([kind, options]) => [kind, (t) => ({ node: t.nodeId, options: options(t) })]));

const label = (sql) => {
  const s = sql.replace(/\s+/g, ' ').trim();
  if (s.startsWith('WITH RECURSIVE walk')) return 'walk';
  if (/AS "originId"/.test(s)) return 'edges among the nodes';
  const from = s.match(/FROM (\w+)/)?.[1] ?? '?';
  return `${s.slice(0, 38)}… (${from})`;
};

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  const gen = loadGenerator(ROOT);
  const targets = sampleTargets(gen, gen.buildWorld(size, 1), SAMPLES);
  const report = {};
  let largest = null;
  for (const [kind, make] of Object.entries(KINDS)) {
    const byStatement = new Map();
    const nodes = [];
    for (const target of targets) {
      const source = new ExplainingSource(client);
      const { node, options } = make(target);
      const graph = await lineageService(DIST, source).tableGraph(node, options);
      nodes.push(graph.nodes.length);
      for (const { sql, plan } of source.statements) {
        const key = label(sql);
        const s = byStatement.get(key) ?? { ms: 0, planMs: 0, buffers: 0, calls: 0 };
        s.ms += plan['Execution Time'];
        s.planMs += plan['Planning Time'];
        s.buffers += plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
        s.calls++;
        byStatement.set(key, s);
      }
      if (kind === 'upstream' && (!largest || graph.nodes.length > largest.nodes)) largest = { nodes: graph.nodes.length, target, statements: source.statements };
    }
    nodes.sort((a, b) => a - b);
    report[kind] = { nodes, byStatement };
  }
  const lines = [
    `Targets: the read benchmark's first ${SAMPLES} (bench/read/targets.mjs) in a store seeded with ${size} datasets; depth 10, maxNodes 1000.`,
    '',
    '| walk | nodes p50 / p90 / max | statements per request | SQL ms per request (planning) | shared buffers per request | buffers per node |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const [kind, { nodes, byStatement }] of Object.entries(report)) {
    const total = [...byStatement.values()].reduce((a, s) => ({ ms: a.ms + s.ms, planMs: a.planMs + s.planMs, buffers: a.buffers + s.buffers, calls: a.calls + s.calls }), { ms: 0, planMs: 0, buffers: 0, calls: 0 });
    const meanNodes = nodes.reduce((a, b) => a + b, 0) / nodes.length;
    const at = (q) => nodes[Math.min(nodes.length - 1, Math.floor(nodes.length * q))];
    lines.push(`| ${kind} | ${at(0.5)} / ${at(0.9)} / ${at(1)} | ${(total.calls / SAMPLES).toFixed(1)} | ${(total.ms / SAMPLES).toFixed(1)} (${(total.planMs / SAMPLES).toFixed(1)}) | ${Math.round(total.buffers / SAMPLES)} | ${(total.buffers / SAMPLES / meanNodes).toFixed(1)} |`);
  }
  lines.push('', 'Per statement (per request, mean over the targets):', '', '| walk | statement | ms (planning) | shared buffers |', '|---|---|---:|---:|');
  for (const [kind, { byStatement }] of Object.entries(report)) {
    for (const [key, s] of [...byStatement].sort((a, b) => b[1].buffers - a[1].buffers)) {
      lines.push(`| ${kind} | \`${key}\` | ${(s.ms / SAMPLES).toFixed(2)} (${(s.planMs / SAMPLES).toFixed(2)}) | ${Math.round(s.buffers / SAMPLES)} |`);
    }
  }
  lines.push('', `Plans for the largest upstream graph (${largest.nodes} nodes, ${largest.target.nodeId}):`, '');
  for (const { sql, params } of largest.statements) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    // The ids a custom plan prints inline are left out: a thousand of them per array.
    const plan = rows.map((r) => r['QUERY PLAN'].replace(/'\{[^}]{200,}\}'/g, (ids) => `'{${ids.split(',').length} values}'`));
    lines.push(`### ${label(sql)}`, '', '```', plan.join('\n'), '```', '');
  }
  const text = `${lines.join('\n')}\n`;
  // The analysis written by hand above the `## Measured` heading of `out` is kept.
  const kept = out && fs.existsSync(out) ? fs.readFileSync(out, 'utf8').split(/(?<=^## Measured\n)/m)[0] : '';
  if (out) fs.writeFileSync(out, kept.endsWith('## Measured\n') ? `${kept}\n${text}` : text);
  process.stdout.write(text.split('\nPlans for')[0]);
} finally {
  await client.end();
}
