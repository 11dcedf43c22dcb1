// npm run bench:relay-traced: the relays of the checkouts in BENCH_ROOTS (dist/ built; this one by
// default) traced in turn (A, B, B, A, ... BENCH_REPEATS rounds), each at BENCH_RATE events/s
// (500) for BENCH_DURATION_S (10) after 2 s of warm-up, the store down: per run its p50/p99, the
// GC pauses and mark-compacts in the measured seconds, and for its slowest 1 % how many overlapped
// a GC pause, what the relay's V8 workers and other processes ran meanwhile and how long its event
// loop waited for a CPU (with perf). BENCH_REPORT=1 adds each run's full attribution.
import os from 'node:os';
import { attributionReport, tracedRun } from './relay-attribution.mjs';
import { checkoutRoots } from './processes.mjs';
import { downStore } from './relay-setup.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const ROOTS = checkoutRoots();
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

const store = await downStore();
console.log(`| run (load average at its start) | p50 ms | p99 ms | mark-compacts in the window (final pause) | GC pauses in the window | slowest 1 % overlapping a GC pause | relay V8 workers while each of those ran (mean) | its event loop waiting for a CPU (mean) | other processes (mean) |`);
console.log('|---|---:|---:|---|---:|---:|---:|---:|---:|');
try {
  for (let i = 0; i < REPEATS; i++) {
    for (const root of i % 2 ? [...ROOTS].reverse() : ROOTS) {
      const load = os.loadavg()[0];
      const { run, trace, attribution } = await tracedRun(store.url, { rate: RATE, durationS: DURATION_S, root });
      const from = Math.min(...run.records.map((r) => r.due));
      const to = Math.max(...run.records.map((r) => r.answered));
      const inWindow = trace.gcs.filter((g) => g.start >= from && g.start <= to);
      const majors = inWindow.filter((g) => g.kind === 4);
      const slow = [...attribution].sort((a, b) => b.latency - a.latency).slice(0, Math.ceil(attribution.length / 100));
      const perSlow = (pick) => (slow.every((r) => r.ran) ? `${mean(slow.map(pick)).toFixed(2)} ms` : '–');
      console.log(
        `| ${root} (${load.toFixed(1)}) | ${run.p50.toFixed(2)} | ${run.p99.toFixed(2)} | ${majors.length}${majors.length ? ` (${majors.map((g) => `${g.ms.toFixed(1)} ms`).join(', ')})` : ''} | ${inWindow.reduce((s, g) => s + g.ms, 0).toFixed(0)} ms | ${slow.filter((r) => r.gcMs > 0).length} of ${slow.length} | ` +
          `${perSlow((r) => r.ran['relay V8 workers (GC, compiler)'] ?? 0)} | ${perSlow((r) => r.loop['waiting for a CPU'] ?? 0)} | ${perSlow((r) => r.ran['other processes'] ?? 0)} |`,
      );
      if (process.env.BENCH_REPORT === '1') console.log(`\n${attributionReport(attribution, trace, { label: root })}\n`);
    }
  }
} finally {
  await store.close();
}
