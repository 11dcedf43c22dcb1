import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider, makeHistogramProvider } from '@willsoto/nestjs-prometheus';
import { Counter, Histogram } from 'prom-client';

const RECEIVED = 'metadata_store_events_received_total';
const REJECTED = 'metadata_store_events_rejected_total';
const BATCH = 'metadata_store_ingest_batch_events';
const COMMIT = 'metadata_store_ingest_commit_seconds';
const ASYNC_RETRIES = 'metadata_store_async_queue_write_retries_total';

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
  makeHistogramProvider({
    name: COMMIT,
    help: 'Duration of each group-commit statement (log append and queue rows, committed)',
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  }),
  makeCounterProvider({
    name: ASYNC_RETRIES,
    help: 'Writes of queued events (INGEST_MODE=async) that failed and are tried again; the log says it once per outage',
  }),
];

/** Labels are bounded: kind and event type are enums; never namespaces, datasets or producers. */
@Injectable()
export class IngestMetrics {
  constructor(
    @InjectMetric(RECEIVED) private readonly receivedCounter: Counter<string>,
    @InjectMetric(REJECTED) private readonly rejectedCounter: Counter<string>,
    @InjectMetric(BATCH) private readonly batchHistogram: Histogram<string>,
    @InjectMetric(COMMIT) private readonly commitHistogram: Histogram<string>,
    @InjectMetric(ASYNC_RETRIES) private readonly asyncRetries: Counter<string>,
  ) {}

  queuedWriteRetried(): void {
    this.asyncRetries.inc();
  }

  committedBatch(events: number, seconds: number): void {
    this.batchHistogram.observe(events);
    this.commitHistogram.observe(seconds);
  }

  received(kind: string, eventType: string | null): void {
    this.receivedCounter.inc({ kind, event_type: eventType ?? 'NONE' });
  }

  rejected(reason: 'invalid' | 'database_rejected' | 'timeout' | 'database_unavailable' | 'queue_full'): void {
    this.rejectedCounter.inc({ reason });
  }
}
