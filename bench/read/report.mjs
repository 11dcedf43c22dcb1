// docs/benchmarks/read.md from read.json: per size, the latency tail of each kind in each phase and
// where a kind's time went. What read.md holds above MARKER (the analysis, written by hand) is kept.
import { KINDS } from './queries.mjs';

export const MARKER = '<!-- Everything below this line is written by bench/read.mjs from read.json: edit above it. -->';

const PHASE_LABELS = { 'one-at-a-time': 'one at a time', alone: 'alone', 'alone-ingest': 'alone, under ingest', mix: 'mix', 'mix-ingest': 'mix, under ingest' };

const cell = (r) => (r ? `${r.p50} / ${r.p99} / ${r.p999}${r.errors ? `, ${r.errors} errors` : ''}` : '');

function sizeTable(size, r) {
  const phases = Object.keys(r.phases);
  const lines = [
    `| read | target p99 | ${phases.map((p) => `${PHASE_LABELS[p]}: p50 / p99 / p99.9 ms`).join(' | ')} | met |`,
    `|---|---:|${phases.map(() => '---:').join('|')}|---|`,
  ];
  for (const kind of KINDS) {
    const read = r.reads[kind.key];
    if (!read) continue;
    if (!read.available) {
      lines.push(`| ${kind.label} | | not available |`);
      continue;
    }
    const met = read.met === null ? '' : read.met ? 'yes' : '**no**';
    lines.push(`| ${kind.label} | ${kind.target ? `${kind.target} ms` : ''} | ${phases.map((p) => cell(r.phases[p].kinds[kind.key])).join(' | ')} | ${met} |`);
  }
  return lines.join('\n');
}

function splitTable(r) {
  const alone = Object.keys(r.phases).filter((p) => !p.startsWith('mix'));
  if (alone.length === 0) return '';
  const lines = [
    'Where each kind\'s time went, alone (per read, means: HTTP is the client\'s latency; SQL is PostgreSQL\'s execution time of the read\'s statements; store CPU is the service process\'s, less what ingest alone used; event-loop delay is the phase\'s p99 / max):',
    '',
    '| read | phase | HTTP ms | SQL ms | statements | store CPU ms | of which GC ms | event-loop delay ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const kind of KINDS) {
    for (const p of alone) {
      const k = r.phases[p].kinds[kind.key];
      if (!k?.split) continue;
      const s = k.split;
      lines.push(`| ${kind.label} | ${PHASE_LABELS[p]} | ${k.meanMs} | ${s.sqlMsPerRead} | ${s.statementsPerRead} | ${s.storeCpuMsPerRead} | ${s.gcMsPerRead} | ${s.eventLoopDelayP99Ms} / ${s.eventLoopDelayMaxMs} |`);
    }
  }
  return lines.join('\n');
}

function bySizeTable(r) {
  const rows = [];
  for (const kind of KINDS) {
    for (const [phase, result] of Object.entries(r.phases)) {
      const b = result.kinds[kind.key]?.bySize;
      if (!b) continue;
      const band = (x) => (x.requests ? `${x.requests}: ${x.p99}` : '–');
      rows.push(`| ${kind.label} | ${PHASE_LABELS[phase]} | ${b.nodes.p50} / ${b.nodes.p90} / ${b.nodes.max} | ${b.slowest1pct.min} / ${b.slowest1pct.median} | ${b.bands.map(band).join(' | ')} |`);
    }
  }
  if (rows.length === 0) return '';
  const bands = Object.values(r.phases).flatMap((p) => Object.values(p.kinds)).find((k) => k.bySize).bySize.bands;
  return [
    "The lineage reads by the size of their graph (nodes in the answer; each target's graph counted once before the phases): the sizes of every request's graph, of the slowest 1 %'s, and per size band the requests in it and their p99 (ms):",
    '',
    `| read | phase | nodes: p50 / p90 / max | slowest 1 %: min / median nodes | ${bands.map((x) => `${x.from}${x.upTo ? `–${x.upTo}` : '+'} nodes: requests: p99`).join(' | ')} |`,
    `|---|---|---:|---:|${bands.map(() => '---:').join('|')}|`,
    ...rows,
  ].join('\n');
}

function sizeSection(size, r) {
  const seededBy = r.seeding.commit && r.seeding.commit !== r.commit ? ` (seeded at ${r.seeding.commit}${r.seeding.sameBuild ? '' : ', another projection build'})` : '';
  const ingest = Object.values(r.phases).flatMap((p) => Object.values(p.kinds).map((k) => k.ingest).concat(p.mix?.ingest ?? [])).filter(Boolean);
  const ingestLine = ingest.length
    ? `Ingest offered ${r.load.ingestRate} events/s during the phases under it; stored ${Math.min(...ingest.map((i) => i.eventsPerSecond)).toFixed(0)}–${Math.max(...ingest.map((i) => i.eventsPerSecond)).toFixed(0)}/s, ingest p99 ${Math.min(...ingest.map((i) => i.p99))}–${Math.max(...ingest.map((i) => i.p99))} ms, ${ingest.reduce((a, i) => a + (i.failed ?? 0), 0)} refused.`
    : '';
  return [
    `## ${size} datasets`,
    '',
    `Measured ${r.measuredAt} at commit ${r.commit}${seededBy}; PostgreSQL ${r.postgres}, database ${r.databaseGb} GB${r.eventsInStore ? `, ${r.eventsInStore.toLocaleString('en')} events and ${r.runsInStore.toLocaleString('en')} runs (the seed's and every earlier run's live ingest)` : ''}. ${r.load.samplesPerKind} requests of each kind per phase; alone at ${r.load.aloneRate} requests/s, the mix at ${r.load.mixRate}/s (open loop); \`Accept-Encoding: ${r.load.acceptEncoding || 'none'}\`. Load average (1 min, ${'{cpus}'} CPUs) before / after: ${r.load.loadAverage1m.before.toFixed(1)} / ${r.load.loadAverage1m.after.toFixed(1)}.`,
    ingestLine ? `\n${ingestLine}` : '',
    '',
    sizeTable(size, r),
    '',
    splitTable(r),
    '',
    bySizeTable(r),
    '',
    r.diagnostics.length ? `Plans of the kinds that missed their target (auto_explain, ANALYZE, BUFFERS): read.json, \`sizes["${size}"].diagnostics\`.` : '',
  ].join('\n');
}

/** The latency tables of every size measured in this format, for the terminal. */
export function table(results) {
  return sizes(results)
    .map((s) => `${s} datasets\n${sizeTable(s, results.sizes[s])}`)
    .join('\n\n');
}

const sizes = (results) => Object.keys(results.sizes).map(Number).filter((s) => results.sizes[s].phases).sort((a, b) => b - a);

export function markdown(results, existing) {
  const cut = existing.indexOf(MARKER);
  const preamble = cut >= 0 ? existing.slice(0, cut) : '# Read benchmark (`npm run bench:read`)\n\n';
  const older = Object.keys(results.sizes).map(Number).filter((s) => !results.sizes[s].phases);
  const m = results.machine;
  const body = [
    MARKER,
    '',
    `Machine: ${m.cpus} CPUs (${m.cpu}), ${m.memoryGb} GiB, Node ${m.node}. Plot of the p50 and p99 by size: [read-scaling.svg](read-scaling.svg).`,
    '',
    ...sizes(results).map((s) => sizeSection(s, results.sizes[s]).replace('{cpus}', m.cpus)),
    older.length ? `Sizes last measured by the earlier benchmark (about 85 samples per kind, no p99.9): ${older.join(', ')}; their figures are in read.json and [read-history.md](read-history.md).` : '',
  ];
  return `${preamble}${body.join('\n')}\n`;
}
