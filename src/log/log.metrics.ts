import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider } from '@willsoto/nestjs-prometheus';
import { Counter } from 'prom-client';

const CLAIMED_PAYLOADS = 'metadata_store_projection_payloads_total';

export const LOG_METRIC_PROVIDERS = [
  makeCounterProvider({
    name: CLAIMED_PAYLOADS,
    help: 'Payloads of the events projection batches claimed, by where they came from: memory (appended by this replica) or log (read back)',
    labelNames: ['source'],
  }),
];

@Injectable()
export class LogMetrics {
  constructor(@InjectMetric(CLAIMED_PAYLOADS) private readonly claimedPayloads: Counter<string>) {}

  claimed(fromMemory: number, fromLog: number): void {
    if (fromMemory > 0) this.claimedPayloads.inc({ source: 'memory' }, fromMemory);
    if (fromLog > 0) this.claimedPayloads.inc({ source: 'log' }, fromLog);
  }
}
