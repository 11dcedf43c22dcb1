import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider, makeHistogramProvider } from '@willsoto/nestjs-prometheus';
import { Counter, Histogram } from 'prom-client';

const RECEIVED = 'metadata_store_events_received_total';
const REJECTED = 'metadata_store_events_rejected_total';
const BATCH = 'metadata_store_ingest_batch_events';

export const INGEST_METRIC_PROVIDERS = [
  makeCounterProvider({
    name: RECEIVED,
    help: 'Valid OpenLineage events received, by event kind and event type',
    labelNames: ['kind', 'event_type'],
  }),
  makeCounterProvider({
    name: REJECTED,
    help: 'Events not stored, by reason (invalid, database_rejected, timeout, database_unavailable, queue_full)',
    labelNames: ['reason'],
  }),
  makeHistogramProvider({
    name: BATCH,
    help: 'Events per group-commit transaction',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 512],
  }),
];

/** Labels are bounded: kind and event type are enums; never namespaces, datasets or producers. */
@Injectable()
export class IngestMetrics {
  constructor(
    @InjectMetric(RECEIVED) private readonly receivedCounter: Counter<string>,
    @InjectMetric(REJECTED) private readonly rejectedCounter: Counter<string>,
    @InjectMetric(BATCH) private readonly batchHistogram: Histogram<string>,
  ) {}

  committedBatch(events: number): void {
    this.batchHistogram.observe(events);
  }

  received(kind: string, eventType: string | null): void {
    this.receivedCounter.inc({ kind, event_type: eventType ?? 'NONE' });
  }

  rejected(reason: 'invalid' | 'database_rejected' | 'timeout' | 'database_unavailable' | 'queue_full'): void {
    this.rejectedCounter.inc({ reason });
  }
}
