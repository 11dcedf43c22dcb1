/** Garbage collections on demand, and what the GC histogram of prom-client's default metrics counted. */
import perfHooks = require('node:perf_hooks');
import type { Metric } from 'prom-client';
import { waitFor } from './wait-for';

/** Garbage enough for a young-generation collection or two. */
export function makeGarbage(): number {
  const garbage: Array<{ i: number }> = [];
  for (let i = 0; i < 200_000; i++) garbage.push({ i });
  return garbage.length;
}

/**
 * Makes garbage until the process has made `count` more collections, as a GC observer sees them;
 * then lets the other observers' callbacks for those collections run.
 */
export async function makeCollections(count: number): Promise<void> {
  let seen = 0;
  const observer = new perfHooks.PerformanceObserver((list) => (seen += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  try {
    await waitFor(`${count} garbage collections`, () => makeGarbage() > 0 && seen >= count, 4000);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    observer.disconnect();
  }
}

/** The collections `nodejs_gc_duration_seconds` has counted, of every kind. */
export async function gcHistogramCount(histogram: Metric | undefined): Promise<number> {
  if (!histogram) throw new Error('nodejs_gc_duration_seconds is not registered');
  // A histogram's values carry the name of their series (_bucket, _sum, _count).
  const values = (await histogram.get()).values as Array<{ value: number; metricName?: string }>;
  return values.filter((v) => v.metricName === 'nodejs_gc_duration_seconds_count').reduce((sum, v) => sum + v.value, 0);
}
