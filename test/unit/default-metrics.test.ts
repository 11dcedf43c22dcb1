/**
 * The default metrics of a registry stop with it: prom-client's GC observer and event-loop monitor
 * no longer record once startDefaultMetrics' stop has run (src/core/observability/default-metrics.ts).
 */
import perfHooks = require('node:perf_hooks');
import { Registry } from 'prom-client';
import { startDefaultMetrics } from '../../src/core/observability/default-metrics';

/** Garbage enough for a few young-generation collections. */
function churn(): number {
  const garbage: Array<{ i: number }> = [];
  for (let i = 0; i < 200_000; i++) garbage.push({ i });
  return garbage.length;
}

async function metricValue(registry: Registry, name: string, pick: (values: Array<{ value: number; metricName?: string; labels: object }>) => number): Promise<number> {
  const metric = registry.getSingleMetric(name);
  if (!metric) throw new Error(`${name} is not registered`);
  return pick((await metric.get()).values);
}

const gcCount = (registry: Registry) =>
  metricValue(registry, 'nodejs_gc_duration_seconds', (values) => values.filter((v) => v.metricName === 'nodejs_gc_duration_seconds_count').reduce((sum, v) => sum + v.value, 0));
/** The least event-loop delay the monitor sampled since the last read (reading the lag collects and resets it). */
async function lagMinSeconds(registry: Registry): Promise<number> {
  await metricValue(registry, 'nodejs_eventloop_lag_seconds', () => 0);
  return metricValue(registry, 'nodejs_eventloop_lag_min_seconds', (values) => values[0].value);
}

/** Collections this process has made since `observe` started, as the GC observers see them. */
function countCollections(): { count: () => number; stop: () => void } {
  let count = 0;
  const observer = new perfHooks.PerformanceObserver((list) => (count += list.getEntries().length));
  observer.observe({ entryTypes: ['gc'] });
  return { count: () => count, stop: () => observer.disconnect() };
}

/**
 * Polls `done` every 25 ms, long enough for the 10 ms event-loop monitor to sample twice, running
 * `between` each time (making garbage for the GC tests), for at most 4 s.
 */
async function until(what: string, done: () => boolean | Promise<boolean>, between: () => unknown = () => undefined): Promise<void> {
  const deadline = Date.now() + 4000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    between();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('startDefaultMetrics', () => {
  it("registers prom-client's default metrics and leaves perf_hooks as it found it", () => {
    const { PerformanceObserver, monitorEventLoopDelay } = perfHooks;
    const registry = new Registry();
    const stop = startDefaultMetrics({ register: registry });
    try {
      expect(registry.getMetricsAsArray().map((m) => m.name)).toEqual(
        expect.arrayContaining(['process_cpu_seconds_total', 'nodejs_heap_size_used_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds']),
      );
      expect({ PerformanceObserver: perfHooks.PerformanceObserver, monitorEventLoopDelay: perfHooks.monitorEventLoopDelay }).toEqual({ PerformanceObserver, monitorEventLoopDelay });
    } finally {
      stop();
    }
  });

  it('records collections and event-loop delay while it runs, and nothing once stopped', async () => {
    const registry = new Registry();
    const stop = startDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
    const collections = countCollections();
    try {
      await until('a collection in the GC histogram', async () => (await gcCount(registry)) > 0, churn);
      await until('an event-loop delay sample', async () => (await lagMinSeconds(registry)) < 1);

      stop();
      const countedAtStop = await gcCount(registry);
      const seenAtStop = collections.count();
      await lagMinSeconds(registry); // empties the monitor's histogram
      await until('more collections after the stop', () => collections.count() > seenAtStop + 2, churn);
      await new Promise((resolve) => setImmediate(resolve));
      expect(await gcCount(registry)).toBe(countedAtStop);
      const control = perfHooks.monitorEventLoopDelay({ resolution: 10 });
      control.enable();
      await until('a running monitor to sample', () => control.count >= 3);
      control.disable();
      // An empty histogram's minimum: the stopped monitor sampled nothing meanwhile.
      expect(await lagMinSeconds(registry)).toBeGreaterThan(1e9);
    } finally {
      collections.stop();
      stop();
    }
  }, 20000);
});
