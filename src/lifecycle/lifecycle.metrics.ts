import { Injectable } from '@nestjs/common';
import { InjectMetric, makeCounterProvider, makeGaugeProvider } from '@willsoto/nestjs-prometheus';
import { Counter, Gauge } from 'prom-client';
import { RemovedRows } from '../projection/retention/retired-read-rows';
import { RetiredPartition } from './retention';

const PARTITIONS = 'metadata_store_log_partitions';
const BYTES = 'metadata_store_log_bytes';
const OLDEST = 'metadata_store_log_oldest_received_timestamp_seconds';
const AHEAD = 'metadata_store_log_partitions_ahead_seconds';
const RETIRED = 'metadata_store_retention_partitions_retired_total';
const RETIRED_EVENTS = 'metadata_store_retention_events_retired_total';
const REMOVED = 'metadata_store_retention_rows_removed_total';
const LAST_RUN_REMOVED = 'metadata_store_retention_last_run_rows_removed';

export const LIFECYCLE_METRIC_PROVIDERS = [
  makeGaugeProvider({ name: PARTITIONS, help: 'Partitions of the event log' }),
  makeGaugeProvider({ name: BYTES, help: 'Bytes on disk of the event log: every partition, its TOAST and its indexes' }),
  makeGaugeProvider({ name: OLDEST, help: 'Received time (Unix seconds) of the oldest event in the log' }),
  makeGaugeProvider({ name: AHEAD, help: 'Seconds until the last log partition ends: an event received after that has no partition' }),
  makeCounterProvider({ name: RETIRED, help: 'Log partitions retired (detached and dropped) by retention' }),
  makeCounterProvider({ name: RETIRED_EVENTS, help: 'Events retired with their partitions' }),
  makeCounterProvider({ name: REMOVED, help: 'Read rows retention deleted, by table', labelNames: ['table'] }),
  makeGaugeProvider({ name: LAST_RUN_REMOVED, help: 'Read rows the latest retention run deleted, by table', labelNames: ['table'] }),
];

@Injectable()
export class LifecycleMetrics {
  constructor(
    @InjectMetric(PARTITIONS) private readonly partitions: Gauge<string>,
    @InjectMetric(BYTES) private readonly bytes: Gauge<string>,
    @InjectMetric(OLDEST) private readonly oldest: Gauge<string>,
    @InjectMetric(AHEAD) private readonly ahead: Gauge<string>,
    @InjectMetric(RETIRED) private readonly retired: Counter<string>,
    @InjectMetric(RETIRED_EVENTS) private readonly retiredEvents: Counter<string>,
    @InjectMetric(REMOVED) private readonly removed: Counter<string>,
    @InjectMetric(LAST_RUN_REMOVED) private readonly lastRunRemoved: Gauge<string>,
  ) {}

  logStats(stats: { partitions: number; bytes: number; oldestReceivedAt: Date | null; coveredUntil: Date | null }, now = new Date()): void {
    this.partitions.set(stats.partitions);
    this.bytes.set(stats.bytes);
    if (stats.oldestReceivedAt) this.oldest.set(stats.oldestReceivedAt.getTime() / 1000);
    if (stats.coveredUntil) this.ahead.set((stats.coveredUntil.getTime() - now.getTime()) / 1000);
  }

  partitionRetired(partition: RetiredPartition, rows: RemovedRows): void {
    this.retired.inc();
    this.retiredEvents.inc(partition.events);
    for (const [table, n] of Object.entries(rows)) this.removed.inc({ table }, n);
  }

  retentionRun(rows: RemovedRows): void {
    this.lastRunRemoved.reset();
    for (const [table, n] of Object.entries(rows)) this.lastRunRemoved.set({ table }, n);
  }
}
