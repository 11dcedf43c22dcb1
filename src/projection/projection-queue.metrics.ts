import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Environment } from '../core/config/environment';
import { registered } from '../core/observability/metrics';
import { withTimeout } from '../core/with-timeout';
import { ProjectionQueueRepository } from '../log/projection-queue.repository';

type QueueStats = { depth: number; oldestAgeSeconds: number };

/**
 * The projection queue's depth and oldest age, read when Prometheus scrapes: one query per scrape
 * at most, bounded by READINESS_TIMEOUT_MS so that a database outage does not hang /metrics (NaN
 * when it did not answer).
 */
@Injectable()
export class ProjectionQueueMetrics implements OnModuleInit {
  private readonly logger = new Logger(ProjectionQueueMetrics.name);
  private queueStats: Promise<QueueStats | null> | null = null;
  private queueQuery: Promise<QueueStats> | null = null;
  private lastWarning = 0;

  constructor(
    private readonly env: Environment,
    private readonly queue: ProjectionQueueRepository,
  ) {}

  onModuleInit(): void {
    const stats = () => this.stats();
    registered(
      'metadata_store_projection_queue_depth',
      () =>
        new Gauge({
          name: 'metadata_store_projection_queue_depth',
          help: 'Events logged but not yet projected (all replicas); NaN when PostgreSQL did not answer in time',
          async collect() {
            const s = await stats();
            this.set(s ? s.depth : NaN);
          },
        }),
    );
    registered(
      'metadata_store_projection_queue_oldest_age_seconds',
      () =>
        new Gauge({
          name: 'metadata_store_projection_queue_oldest_age_seconds',
          help: 'Age of the oldest event waiting for projection (0 when none); NaN when PostgreSQL did not answer in time',
          async collect() {
            const s = await stats();
            this.set(s ? s.oldestAgeSeconds : NaN);
          },
        }),
    );
  }

  /**
   * Both gauges of a scrape share one query. A query still running from an earlier scrape (a lock,
   * a hung connection) is waited on again rather than joined by another: at most one pool
   * connection is ever held by metrics.
   */
  private stats(): Promise<QueueStats | null> {
    if (!this.queueStats) {
      this.queueQuery ??= this.queue.stats().finally(() => (this.queueQuery = null));
      this.queueStats = withTimeout(this.queueQuery, this.env.READINESS_TIMEOUT_MS)
        .catch((error: Error) => {
          if (Date.now() - this.lastWarning > 60000) {
            this.lastWarning = Date.now();
            this.logger.warn({ err: error.message }, 'metrics: projection queue stats unavailable');
          }
          return null;
        })
        .finally(() => setImmediate(() => (this.queueStats = null)));
    }
    return this.queueStats;
  }
}
