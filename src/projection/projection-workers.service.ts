import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { ThrottledWarning } from '../core/observability/throttled-warning';
import { LogNotifier } from '../log/log-notifier';
import { ProjectionWriter } from './projection-writer.service';
import { ProjectionMetrics } from './projection.metrics';

const ERROR_BACKOFF_MS = 1000;
/**
 * A wake-up is deferred this long so that one projection transaction takes the events of many
 * ingest commits: projecting each commit alone doubles the commits and slows ingest.
 */
const WAKE_DELAY_MS = 25;

/**
 * PROJECTION_WORKERS loops per replica. A loop projects batches while there is work, then
 * sleeps until this replica's ingest wakes it or the poll interval passes (for events other
 * replicas wrote). No NOTIFY: it takes a cluster-wide lock at commit, on the ingest path.
 */
@Injectable()
export class ProjectionWorkers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectionWorkers.name);
  /** One for all workers: an outage is one story, not one line per worker per second. */
  private readonly failure = new ThrottledWarning(this.logger, 'projection batch failed; retrying');
  private running = false;
  private loops: Array<Promise<void>> = [];
  private sleepers = new Set<() => void>();
  /** Set by wake(); a worker between batches sees it instead of missing the wake-up. */
  private woken = false;
  private wakeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly env: Environment,
    private readonly writer: ProjectionWriter,
    private readonly metrics: ProjectionMetrics,
    notifier: LogNotifier,
  ) {
    notifier.onCommitted(() => this.wake());
  }

  onApplicationBootstrap(): void {
    this.start(this.env.PROJECTION_WORKERS);
  }

  start(workers: number): void {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: workers }, (_, i) => this.loop(i));
  }

  /** Called after each commit to the log; wakes the workers once per WAKE_DELAY_MS at most. */
  private wake(): void {
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeNow();
    }, WAKE_DELAY_MS);
  }

  private wakeNow(): void {
    this.woken = true;
    for (const wake of this.sleepers) wake();
  }

  /** Lets every worker finish the batch it is in, then stops. Runs before the pool closes. */
  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeNow();
    await Promise.all(this.loops);
  }

  private async loop(worker: number): Promise<void> {
    while (this.running) {
      try {
        const projected = await this.writer.projectBatch(this.env.PROJECTION_BATCH_SIZE);
        this.failure.recovered();
        if (projected.length > 0) this.metrics.projectedEvents(projected.length);
        // A full batch means more is waiting; otherwise the queue was drained: wait for a wake-up.
        if (projected.length >= this.env.PROJECTION_BATCH_SIZE) continue;
        await this.sleep(this.env.PROJECTION_POLL_INTERVAL_MS);
      } catch (error) {
        this.failure.warn({ worker, err: (error as Error).message });
        await this.sleep(ERROR_BACKOFF_MS);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        this.woken = false;
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }
}
