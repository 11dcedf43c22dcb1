/**
 * The default metrics of a registry stop with it: prom-client's GC observer and event-loop monitor
 * no longer record once startDefaultMetrics' stop has run (src/core/observability/default-metrics.ts).
 */
import perfHooks = require('node:perf_hooks');
import { Registry } from 'prom-client';
import { startDefaultMetrics } from '../../src/core/observability/default-metrics';
import { gcHistogramCount, makeCollections, makeGarbage } from '../support/gc-activity';
import { waitFor } from '../support/wait-for';

const gcCount = (registry: Registry) => gcHistogramCount(registry.getSingleMetric('nodejs_gc_duration_seconds'));

/** The least event-loop delay the monitor sampled since the last read (reading the lag collects and resets it). */
async function lagMinSeconds(registry: Registry): Promise<number> {
  await registry.getSingleMetric('nodejs_eventloop_lag_seconds')!.get();
  return (await registry.getSingleMetric('nodejs_eventloop_lag_min_seconds')!.get()).values[0].value;
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
    try {
      // Polled every 25 ms: the 10 ms monitor samples twice between two reads.
      await waitFor('a collection in the GC histogram', async () => makeGarbage() > 0 && (await gcCount(registry)) > 0, 4000);
      await waitFor('an event-loop delay sample', async () => (await lagMinSeconds(registry)) < 1, 4000);

      stop();
      const countedAtStop = await gcCount(registry);
      await lagMinSeconds(registry); // empties the monitor's histogram
      await makeCollections(3);
      expect(await gcCount(registry)).toBe(countedAtStop);
      const control = perfHooks.monitorEventLoopDelay({ resolution: 10 });
      control.enable();
      await waitFor('a running monitor to sample', () => control.count >= 3, 4000);
      control.disable();
      // An empty histogram's minimum: the stopped monitor sampled nothing meanwhile.
      expect(await lagMinSeconds(registry)).toBeGreaterThan(1e9);
    } finally {
      stop();
    }
  }, 20000);
});
