import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { Counter } from 'prom-client';

const PROJECTED = 'metadata_store_projected_events_total';

export const PROJECTION_METRIC_PROVIDERS = [
  makeCounterProvider({ name: PROJECTED, help: 'Events applied to the read tables by this replica' }),
];

@Injectable()
export class ProjectionMetrics {
  constructor(@InjectMetric(PROJECTED) private readonly projected: Counter<string>) {}

  projectedEvents(count: number): void {
    this.projected.inc(count);
  }
}
