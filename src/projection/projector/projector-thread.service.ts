import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { Environment } from '../../core/config/environment';
import { ThreadMetrics, ThreadMetricsSnapshot } from '../../core/observability/thread-metrics';
import { withTimeout } from '../../core/with-timeout';
import type { DatabaseSettings } from '../../database/data-source';
import { PROJECTION_POOL_SETTINGS } from '../../database/database.module';
import { LogNotifier } from '../../log/log-notifier';
import { PROJECTOR_THREAD_ENTRY } from '../../paths';
import { ProjectorThreadMetrics } from './projector-thread.metrics';
import { committedMessage, FromProjector, ProjectorSettings, ToProjector } from './projector-messages';

/** The projector thread's young generation: its batches live across statements, so most of it is promoted anyway. */
const PROJECTOR_YOUNG_GENERATION_MB = 8;
/** A projector thread that died is started again after this long. */
const RESTART_DELAY_MS = 1000;
/** Bound on the thread's answer to a scrape: without it, /metrics lists the main thread's alone. */
const METRICS_TIMEOUT_MS = 2000;
/** A batch in flight is bounded by the statement timeout; this is a backstop beyond it. */
const STOP_TIMEOUT_MS = 40000;

/**
 * Runs this replica's projection (PROJECTION_WORKERS loops; none when 0) in a worker thread of
 * its own, so that its work and its garbage never hold the event loop that answers ingest: Trino
 * waits on that loop for every query it starts. The thread has its own pool, logger and metrics
 * registry; this side tells it which events were committed (their text, so it need not read them
 * back from the log), merges its metrics into /metrics, restarts it if it dies, and stops it at
 * shutdown once its batch in flight is done. Events it has not projected stay queued in
 * PostgreSQL: nothing is lost with the thread.
 */
@Injectable()
export class ProjectorThread implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ProjectorThread.name);
  private worker: Worker | null = null;
  private started: { osThreadId: number | null; nice: number | null } | null = null;
  private stopping = false;
  private restartTimer: NodeJS.Timeout | null = null;
  private nextRequest = 0;
  private readonly metricsRequests = new Map<number, (metrics: ThreadMetricsSnapshot) => void>();

  constructor(
    private readonly env: Environment,
    @Inject(PROJECTION_POOL_SETTINGS) private readonly pool: DatabaseSettings,
    private readonly notifier: LogNotifier,
    private readonly threadMetrics: ThreadMetrics,
    private readonly restarts: ProjectorThreadMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.PROJECTION_WORKERS === 0) return;
    this.notifier.onCommitted((events) => this.send(committedMessage(events)));
    this.threadMetrics.add(() => this.metrics());
    this.start();
  }

  /** The running thread, for tests. */
  get thread(): Worker | null {
    return this.worker;
  }

  /** The running thread's id in the kernel and its nice value, once it has started. */
  get scheduling(): { osThreadId: number | null; nice: number | null } | null {
    return this.started;
  }

  private start(slowStart = false): void {
    // Only data crosses: the target may carry more (the embedded PostgreSQL's handle).
    const { url, caFile, connectTimeoutMs, statementTimeoutMs } = this.pool;
    const settings: ProjectorSettings = {
      env: { ...this.env },
      pool: { url, caFile, connectTimeoutMs, statementTimeoutMs, poolSize: this.env.PROJECTION_WORKERS },
      slowStart,
    };
    const worker = new Worker(PROJECTOR_THREAD_ENTRY, {
      workerData: settings,
      resourceLimits: { maxOldGenerationSizeMb: this.env.PROJECTOR_HEAP_MB, maxYoungGenerationSizeMb: PROJECTOR_YOUNG_GENERATION_MB },
    });
    let outOfMemory = false;
    this.worker = worker;
    worker.on('message', (message: FromProjector) => {
      if (message.type === 'metrics') this.metricsRequests.get(message.id)?.(message.metrics);
      else if (message.type === 'started') this.started = { osThreadId: message.osThreadId, nice: message.nice };
    });
    worker.on('error', (error) => {
      outOfMemory = (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.logger.error({ err: error.message, stack: error.stack, heapMb: this.env.PROJECTOR_HEAP_MB }, 'projector thread failed');
    });
    worker.on('exit', (code) => {
      this.worker = null;
      this.started = null;
      this.metricsRequests.clear();
      if (this.stopping) return;
      this.restarts.restarted(outOfMemory ? 'out_of_memory' : 'error');
      this.logger.error({ exitCode: code, restartInMs: RESTART_DELAY_MS }, 'projector thread exited; starting it again (queued events wait in PostgreSQL)');
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (!this.stopping) this.start(outOfMemory);
      }, RESTART_DELAY_MS);
    });
  }

  private send(message: ToProjector): void {
    if (!this.stopping) this.worker?.postMessage(message);
  }

  private async metrics(): Promise<ThreadMetricsSnapshot> {
    if (!this.worker) return [];
    const id = this.nextRequest++;
    const answer = new Promise<ThreadMetricsSnapshot>((resolve) => this.metricsRequests.set(id, resolve));
    this.send({ type: 'metrics', id });
    try {
      return await withTimeout(answer, METRICS_TIMEOUT_MS);
    } finally {
      this.metricsRequests.delete(id);
    }
  }

  /** Lets the thread finish the batch it is in, then stops it. */
  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ type: 'stop' } satisfies ToProjector);
    try {
      await withTimeout(exited, STOP_TIMEOUT_MS);
    } catch {
      this.logger.warn({ timeoutMs: STOP_TIMEOUT_MS }, 'projector thread did not stop in time; terminating it');
      await worker.terminate();
    }
  }
}
