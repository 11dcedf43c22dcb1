import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Environment } from '../core/config/environment';
import { LogPartitions } from '../log/partitions/log-partitions';
import { LifecycleMetrics } from './lifecycle.metrics';
import { RetentionReport, runRetention } from './retention';

/** How often partitions are checked ahead, metrics refreshed and (with RETENTION_DAYS) retention run. */
export const LIFECYCLE_INTERVAL_MS = 10 * 60_000;

/**
 * The log's lifecycle on a serving replica: at start and every LIFECYCLE_INTERVAL_MS it makes the
 * partitions ahead of the clock, refreshes the log's metrics, and, when RETENTION_DAYS is set,
 * retires what is older (one replica at a time: the others find the lock taken and skip).
 * It works on one connection of the ingest pool, taken for each round.
 */
@Injectable()
export class LogLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LogLifecycle');
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly env: Environment,
    private readonly metrics: LifecycleMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // At start, partitions must exist before the first event is taken: a failure stops the start.
    await this.withConnection(async (partitions) => {
      const created = await partitions.ensureAhead(this.env.LOG_PARTITION_INTERVAL);
      if (created.length > 0) this.logger.log({ partitions: created }, `log: created ${created.length} partition(s) ahead`);
    });
    this.timer = setInterval(() => void this.runRound(), LIFECYCLE_INTERVAL_MS);
    this.timer.unref();
    void this.runRound();
  }

  /** A retirement under way stops after its current batch (the next round finishes it). */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.round;
  }

  /** One round now (unless one is running): partitions ahead, metrics, retention. */
  runRound(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.round ??= this.roundOnce().finally(() => (this.round = undefined));
    return this.round;
  }

  /** Retires what RETENTION_DAYS says now (the `retention` command's work, on this replica). */
  async retire(dryRun: boolean, now = new Date()): Promise<RetentionReport | null> {
    const days = this.env.RETENTION_DAYS;
    if (days === undefined) return null;
    return this.withConnection(async (_, query) => {
      const report = await runRetention(query, {
        retentionDays: days,
        dryRun,
        now,
        shouldStop: () => this.stopping,
        onRetired: (partition, rows) => {
          this.metrics.partitionRetired(partition, rows);
          this.logger.log(
            { partition: partition.name, from: partition.from, to: partition.to, events: partition.events, bytes: partition.bytes, elapsedMs: partition.elapsedMs, phasesMs: partition.phasesMs, removedRows: rows },
            `retention: retired log partition ${partition.name}`,
          );
        },
      });
      if (!dryRun && !report.skipped) this.metrics.retentionRun(report.removedRows);
      return report;
    });
  }

  private async roundOnce(): Promise<void> {
    try {
      await this.withConnection(async (partitions) => {
        const created = await partitions.ensureAhead(this.env.LOG_PARTITION_INTERVAL);
        if (created.length > 0) this.logger.log({ partitions: created }, `log: created ${created.length} partition(s) ahead`);
      });
      await this.retire(false);
      await this.withConnection(async (partitions) => this.metrics.logStats(await partitions.stats()));
    } catch (error) {
      this.logger.error({ err: (error as Error).message }, 'log lifecycle: the round failed; it is tried again at the next');
    }
  }

  private async withConnection<T>(work: (partitions: LogPartitions, query: (sql: string, params?: unknown[]) => Promise<any>) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const query = (sql: string, params?: unknown[]) => runner.query(sql, params);
      return await work(new LogPartitions(query), query);
    } finally {
      await runner.release();
    }
  }
}
