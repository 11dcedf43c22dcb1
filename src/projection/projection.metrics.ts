import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { Counter } from 'prom-client';

const PROJECTED = 'metadata_store_projected_events_total';
const SET_ASIDE = 'metadata_store_projection_set_aside_total';
const RETRIES = 'metadata_store_projection_retries_total';

export const PROJECTION_METRIC_PROVIDERS = [
  makeCounterProvider({ name: PROJECTED, help: 'Events applied to the read tables by this replica' }),
  makeCounterProvider({
    name: SET_ASIDE,
    help: 'Events this replica could not project and set aside (listed with the reason in projection_set_aside)',
  }),
  makeCounterProvider({
    name: RETRIES,
    help: 'Projection batches of this replica that failed (PostgreSQL unreachable, a lost connection) and were tried again; the log says it once per outage',
  }),
];

@Injectable()
export class ProjectionMetrics {
  constructor(
    @InjectMetric(PROJECTED) private readonly projected: Counter<string>,
    @InjectMetric(SET_ASIDE) private readonly setAsideEvents: Counter<string>,
    @InjectMetric(RETRIES) private readonly retries: Counter<string>,
  ) {}

  batchRetried(): void {
    this.retries.inc();
  }

  setAside(): void {
    this.setAsideEvents.inc();
  }

  projectedEvents(count: number): void {
    this.projected.inc(count);
  }
}
