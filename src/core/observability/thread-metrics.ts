import { Injectable } from '@nestjs/common';
import { AggregatorRegistry, MetricObjectWithValues, MetricValue, register } from 'prom-client';

export type ThreadMetricsSnapshot = MetricObjectWithValues<MetricValue<string>>[];

/**
 * /metrics for the whole replica: the main thread's registry and those of its other threads (the
 * projector), which each keep their own. A metric kept on both sides (the query durations) is
 * summed. A thread that does not answer is left out of that scrape.
 */
@Injectable()
export class ThreadMetrics {
  private readonly threads = new Set<() => Promise<ThreadMetricsSnapshot>>();

  /** `snapshot`: the thread's registry as JSON. */
  add(snapshot: () => Promise<ThreadMetricsSnapshot>): void {
    this.threads.add(snapshot);
  }

  async exposition(): Promise<string> {
    if (this.threads.size === 0) return register.metrics();
    const others = await Promise.all([...this.threads].map((snapshot) => snapshot().catch(() => [])));
    return AggregatorRegistry.aggregate([await register.getMetricsAsJSON(), ...others]).metrics();
  }
}
