import { Injectable, Logger } from '@nestjs/common';
import { Environment } from '../core/config/environment';
import { ThrottledWarning } from '../core/observability/throttled-warning';
import { NewLogEvent } from '../log/event-log.repository';
import { RejectedByDatabaseError } from './group-commit';
import { EventWriter } from './event-writer.service';
import { IngestMetrics } from './ingest.metrics';

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * INGEST_MODE=async: events are acknowledged once they are in this bounded in-memory queue; a
 * background writer drains it with the same group commit, retrying while PostgreSQL is down.
 * A crash (not a shutdown) loses what is queued: that is the trade the operator chose.
 */
@Injectable()
export class AsyncIngestQueue {
  private readonly logger = new Logger(AsyncIngestQueue.name);
  /** Every queued event retries on its own: one line per interval for all of them. */
  private readonly failure = new ThrottledWarning(this.logger, 'writing queued events failed; retrying');
  private events = 0;
  private bytes = 0;
  private drainWaiters: Array<() => void> = [];

  constructor(
    private readonly env: Environment,
    private readonly writer: EventWriter,
    private readonly metrics: IngestMetrics,
  ) {}

  /** False when the queue is full (the caller answers 503); true once the event is queued. */
  offer(event: NewLogEvent): boolean {
    const size = event.json.length;
    if (this.events + 1 > this.env.ASYNC_QUEUE_MAX_EVENTS || this.bytes + size > this.env.ASYNC_QUEUE_MAX_BYTES) {
      return false;
    }
    this.events++;
    this.bytes += size;
    void this.writeUntilStored(event).finally(() => {
      this.events--;
      this.bytes -= size;
      if (this.events === 0) this.drainWaiters.splice(0).forEach((wake) => wake());
    });
    return true;
  }

  get depth(): { events: number; bytes: number } {
    return { events: this.events, bytes: this.bytes };
  }

  /** Resolves when every queued event is stored, or false when the timeout passes first. */
  drain(timeoutMs: number): Promise<boolean> {
    if (this.events === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.drainWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private async writeUntilStored(event: NewLogEvent): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.writer.write(event);
        if (attempt > 0) this.failure.recovered();
        return;
      } catch (error) {
        if (error instanceof RejectedByDatabaseError) {
          this.logger.error({ err: error.message, eventTime: event.eventTime }, 'queued event rejected by PostgreSQL; dropped');
          return;
        }
        const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(attempt, 6));
        this.failure.warn({ err: (error as Error).message, queued: this.events });
        this.metrics.queuedWriteRetried();
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
