// The phases of one size's measurement. Each kind alone (one kind's readers, nothing else of the
// benchmark's), then all kinds in a mix; with ingest at a fixed rate beside them or without; and
// each kind one request at a time (the cost of a read, with no queue of the benchmark's own). Every
// phase takes `samples` requests of each kind it measures, and records their latencies and where
// their time went (split.mjs).
import { fixedRate } from '../open-loop.mjs';
import { latencyBySize } from './graph-sizes.mjs';
import { latencySummary, readers } from './readers.mjs';

/**
 * Which phases run: `alone` and `mix` without ingest, `alone-ingest` and `mix-ingest` with it (open
 * loop, at a rate), `one-at-a-time` each kind alone, each request sent once the last is answered.
 */
const ONE_AT_A_TIME = 'one-at-a-time';
export const PHASES = [ONE_AT_A_TIME, 'alone', 'alone-ingest', 'mix', 'mix-ingest'];

export function parsePhases(text) {
  const phases = text.split(',').filter(Boolean);
  const unknown = phases.filter((p) => !PHASES.includes(p));
  if (unknown.length) throw new Error(`BENCH_READ_PHASES: unknown ${unknown.join(', ')} (known: ${PHASES.join(', ')})`);
  return phases;
}

/**
 * Runs `phases` and returns { calibration, phases: { [phase]: { kinds: { [kind]: result }, mix? } } }:
 * an alone phase's split is per kind, a mix's is the mix's (`mix`).
 * `settings`: samples (per kind and phase), aloneRate and mixRate (requests/s), ingestRate (events/s),
 * ingestBody (the live events), log; graphSizes (graph-sizes.mjs: node counts per target of the
 * kinds that answer a graph) adds each such kind's latency by graph size.
 */
export async function measurePhases({ baseUrl, kinds, targets, meter, phases, settings }) {
  const { samples, aloneRate, mixRate, ingestRate, ingestBody, log, graphSizes = {} } = settings;
  const withIngest = async (ingest, seconds, work) => {
    if (!ingest) return { result: await work(), ingest: null };
    const [result, load] = await Promise.all([work(), fixedRate(baseUrl, { rate: ingestRate, durationS: seconds, body: ingestBody })]);
    return { result, ingest: load };
  };
  const out = { phases: {} };
  if (phases.some((p) => p.endsWith('-ingest'))) {
    log(`ingest alone for 15 s at ${ingestRate}/s: its statements and CPU, to tell them from the reads'`);
    out.calibration = await meter.calibrate(() => fixedRate(baseUrl, { rate: ingestRate, durationS: 15, body: ingestBody }));
  }
  for (const phase of phases) {
    const ingest = phase.endsWith('-ingest');
    const groups = phase.startsWith('mix') ? [kinds] : kinds.map((k) => [k]);
    out.phases[phase] = { kinds: {} };
    for (const group of groups) {
      const rate = phase === ONE_AT_A_TIME ? null : group.length === 1 ? aloneRate : mixRate;
      const seconds = rate === null ? null : (samples * group.length) / rate;
      log(`${phase}: ${group.map((k) => k.key).join(', ')}: ${samples} each ${rate === null ? 'one at a time' : `at ${rate} requests/s (${Math.round(seconds)} s)`}`);
      await meter.start();
      const { result, ingest: load } = await withIngest(ingest, seconds, () => readers(baseUrl, group, targets, { rate, count: samples }));
      const split = await meter.stop(samples * group.length, ingest);
      for (const kind of group) {
        const s = result.samples[kind.key];
        const mean = s.latencies.reduce((a, b) => a + b, 0) / Math.max(1, s.latencies.length);
        out.phases[phase].kinds[kind.key] = {
          ...latencySummary(s),
          meanMs: Number(mean.toFixed(2)),
          // A split over several kinds is the mix's, not the kind's: reported once, under the mix.
          ...(group.length === 1 ? { split } : {}),
          ...(load ? { ingest: load } : {}),
          ...(graphSizes[kind.key] ? { bySize: latencyBySize(s, graphSizes[kind.key]) } : {}),
        };
      }
      if (group.length > 1) out.phases[phase].mix = { split, ...(load ? { ingest: load } : {}) };
    }
  }
  return out;
}
