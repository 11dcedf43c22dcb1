import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, Optional } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { Alarm } from '../core/alarm';
import { ThrottledWarning } from '../core/observability/throttled-warning';
import { ProjectionWriter } from './projection-writer.service';
import { ProjectionMetrics } from './projection.metrics';

const ERROR_BACKOFF_MS = 1000;
/** True in a projector thread started after its predecessor ran out of memory. */
export const PROJECTION_SLOW_START = Symbol('PROJECTION_SLOW_START');
/**
 * PROJECTION_WORKERS loops per replica, in its projector thread. The first follows this
 * replica's ingest: it projects batches while there is work, then sleeps until a commit wakes it
 * or the poll interval passes (for events other replicas wrote). The others join only while
 * there is a backlog (a batch came back full): beside a worker that keeps up they would split its
 * batches, paying each batch's statements twice, and take the CPU ingest needs (measured in
 * docs/benchmarks/projection-history.md). No NOTIFY: it takes a cluster-wide lock at commit, on
 * the ingest path.
 */
@Injectable()
export class ProjectionWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionWorkers.name);
  /** One for all workers: an outage is one story, not one line per worker per second. */
  private readonly failure = new ThrottledWarning(this.logger, 'projection batch failed; retrying');
  private running = false;
  private loops: Array<Promise<void>> = [];
  /** Rung after ingest commits (at most once per PROJECTION_WAKE_DELAY_MS): wakes the first worker. */
  private readonly committed = new Alarm();
  /** Rung when a batch came back full: wakes the other workers. */
  private readonly backlog = new Alarm();
  private wakeTimer: NodeJS.Timeout | null = null;
  /**
   * Events per batch: PROJECTION_BATCH_SIZE, or after running out of memory, one at first, doubled
   * after each batch that succeeds (a batch too large for the heap must not kill every thread after).
   */
  private batchSize: number;

  constructor(
    private readonly env: Environment,
    private readonly writer: ProjectionWriter,
    private readonly metrics: ProjectionMetrics,
    @Optional() @Inject(PROJECTION_SLOW_START) slowStart?: boolean,
  ) {
    this.batchSize = slowStart ? 1 : env.PROJECTION_BATCH_SIZE;
  }

  onApplicationBootstrap(): void {
    this.start(this.env.PROJECTION_WORKERS);
  }

  start(workers: number): void {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: workers }, (_, i) => this.loop(i));
  }

  /**
   * Called after each commit to the log; wakes the first worker PROJECTION_WAKE_DELAY_MS later, so
   * that one projection transaction takes the events of many commits: a batch's fixed costs (a
   * statement per table) weigh most at moderate rates, and rows named by many events are written
   * once per batch (docs/benchmarks/projection-history.md). Under a backlog, batches are full and
   * do not wait.
   */
  wake(): void {
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.committed.ring();
    }, this.env.PROJECTION_WAKE_DELAY_MS);
  }

  /** Lets every worker finish the batch it is in, then stops. Runs before the pool closes. */
  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.committed.ring();
    this.backlog.ring();
    await Promise.all(this.loops);
  }

  private async loop(worker: number): Promise<void> {
    const alarm = worker === 0 ? this.committed : this.backlog;
    while (this.running) {
      try {
        const batchSize = this.batchSize;
        const projected = await this.writer.projectBatch(batchSize);
        this.failure.recovered();
        if (projected.length > 0) this.metrics.projectedEvents(projected.length);
        this.batchSize = Math.min(this.env.PROJECTION_BATCH_SIZE, batchSize * 2);
        // A full batch means more is waiting: call the others in; otherwise the queue was drained.
        if (projected.length >= batchSize) {
          this.backlog.ring();
          continue;
        }
        await alarm.sleep(this.env.PROJECTION_POLL_INTERVAL_MS);
      } catch (error) {
        this.failure.warn({ worker, err: (error as Error).message });
        this.metrics.batchRetried();
        await alarm.sleep(ERROR_BACKOFF_MS);
      }
    }
  }
}
