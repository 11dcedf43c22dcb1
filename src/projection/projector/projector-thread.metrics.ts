import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { Counter } from 'prom-client';

const RESTARTS = 'metadata_store_projector_restarts_total';

export const PROJECTOR_THREAD_METRIC_PROVIDERS = [
  makeCounterProvider({
    name: RESTARTS,
    help: 'Times the projector thread died and was started again, by reason (out_of_memory: its heap, PROJECTOR_HEAP_MB, was full)',
    labelNames: ['reason'],
  }),
];

@Injectable()
export class ProjectorThreadMetrics {
  constructor(@InjectMetric(RESTARTS) private readonly restarts: Counter<string>) {}

  restarted(reason: 'out_of_memory' | 'error'): void {
    this.restarts.inc({ reason });
  }
}
