import type { Logger } from 'pino';
import { Spool, SpooledEvent } from './spool/spool';
import { BatchOutcome, StoreClient } from './store-client';

export interface ForwarderOptions {
  maxBatchEvents: number;
  maxBatchBytes: number;
  retryMinMs: number;
  retryMaxMs: number;
}

/** What the forwarder counts (RelayMetrics turns them into Prometheus series). */
export interface ForwarderEvents {
  forwarded(count: number): void;
  /** Events the store refused for good (a 4xx for the event). */
  refused(count: number): void;
  /** A batch that must be sent again, and why (network, unavailable, ...). */
  batchFailed(reason: string): void;
}

/** Waits `ms`, or less when `abort` fires. */
function pause(ms: number, abort: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      abort.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    abort.addEventListener('abort', done, { once: true });
  });
}

/**
 * Sends the spooled events to the store in batches, one batch at a time, and releases from the
 * spool only what the store acknowledged (stored, or already stored) or refused for good (a
 * per-event 4xx: counted and logged, never retried). A batch that failed as a whole is sent again
 * after an exponential backoff with jitter, for as long as it takes.
 *
 * Order per run: a batch holds at most one event of a run, its earliest unacknowledged one, so
 * the next event of that run is sent only once the store has taken the previous one, and an
 * event that failed blocks the rest of its run until it goes through.
 */
export class Forwarder {
  /** Events not yet acknowledged, in spool order (a Map keeps insertion order; deletes are O(1)). */
  private readonly pending = new Map<number, SpooledEvent>();
  private wake: (() => void) | null = null;
  /** Stopping: return once nothing is pending instead of waiting for more. */
  private draining = false;
  private failures = 0;
  /** Halved when the store refuses a whole batch (a batch too large, or one bad event in it), to find the event. */
  private batchLimit: number;
  /**
   * After a batch failed as a whole (no connection, a timeout, 5xx), each retry holds one event
   * until the store answers again: while it is down, a retry then costs reading back and sending one
   * event instead of a whole batch, whose megabytes of buffers push the relay's heap into major
   * garbage collections that stall the requests it is answering (docs/adr/0036).
   */
  private probing = false;
  private readonly stopping = new AbortController();
  private loop: Promise<void> | null = null;

  constructor(
    private readonly spool: Spool,
    private readonly client: StoreClient,
    private readonly options: ForwarderOptions,
    private readonly counters: ForwarderEvents,
    private readonly log: Logger,
  ) {
    this.batchLimit = options.maxBatchEvents;
  }

  get depth(): number {
    return this.pending.size;
  }

  /** When the oldest event not yet acknowledged was received (ms since the epoch), or null. */
  get oldestReceivedAt(): number | null {
    const first = this.pending.values().next();
    return first.done ? null : first.value.receivedAt;
  }

  /** Takes newly spooled events (in spool order) and wakes the loop. */
  add(events: SpooledEvent[]): void {
    for (const event of events) this.pending.set(event.seq, event);
    this.wake?.();
  }

  start(): void {
    this.loop ??= this.run();
  }

  /**
   * Keeps forwarding until nothing is pending or `deadlineMs` has passed (a batch under way is
   * then abandoned), and stops. What is left stays in the spool for the next start.
   */
  async stop(deadlineMs: number): Promise<void> {
    const deadline = setTimeout(() => this.stopping.abort(), deadlineMs);
    this.draining = true;
    this.wake?.();
    await this.loop;
    clearTimeout(deadline);
  }

  private async run(): Promise<void> {
    const abort = this.stopping.signal;
    while (!abort.aborted) {
      const batch = this.nextBatch();
      if (batch.length === 0) {
        if (this.draining) return;
        await this.nextWake(abort);
        continue;
      }
      let retry: boolean;
      try {
        const outcome = await this.client.send(await this.spool.read(batch), abort);
        if (abort.aborted) return;
        retry = this.settle(batch, outcome);
      } catch (error) {
        // Reading the spool back failed (or a bug): nothing was settled; try again after a pause.
        this.log.error({ err: error }, 'relay: forwarding failed; retrying with backoff');
        retry = true;
      }
      if (retry) {
        this.failures++;
        const ceiling = Math.min(this.options.retryMaxMs, this.options.retryMinMs * 2 ** Math.min(this.failures - 1, 30));
        await pause(ceiling / 2 + (Math.random() * ceiling) / 2, abort);
      } else {
        this.failures = 0;
      }
    }
  }

  /** Resolves when events are added, a stop is asked for, or `abort` fires. */
  private nextWake(abort: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        this.wake = null;
        abort.removeEventListener('abort', done);
        resolve();
      };
      this.wake = done;
      abort.addEventListener('abort', done, { once: true });
    });
  }

  /** The earliest pending event of each run (and every event of no run), in spool order, within the batch limits. */
  private nextBatch(): SpooledEvent[] {
    const batch: SpooledEvent[] = [];
    const runs = new Set<string>();
    const limit = this.probing ? 1 : this.batchLimit;
    let bytes = 0;
    for (const event of this.pending.values()) {
      if (batch.length >= limit) break;
      if (event.runId !== null) {
        if (runs.has(event.runId)) continue;
        runs.add(event.runId);
      }
      // A larger event than the byte limit still goes, alone.
      if (batch.length > 0 && bytes + event.length > this.options.maxBatchBytes) break;
      batch.push(event);
      bytes += event.length;
    }
    return batch;
  }

  /** Releases what the store settled; returns whether anything must be retried after a pause. */
  private settle(batch: SpooledEvent[], outcome: BatchOutcome): boolean {
    this.probing = outcome.kind === 'failed';
    switch (outcome.kind) {
      case 'failed':
        this.counters.batchFailed(outcome.reason);
        if (this.failures === 0 || this.failures % 10 === 0) {
          this.log.warn({ events: batch.length, reason: outcome.reason, failures: this.failures + 1 }, 'relay: batch not taken by the store; retrying with backoff');
        }
        return true;
      case 'refused':
        if (batch.length > 1) {
          // One event of it (or its size) is refused: send smaller batches until the event is alone.
          this.batchLimit = Math.max(1, Math.floor(batch.length / 2));
          this.log.warn({ events: batch.length, reason: outcome.reason, nextBatchEvents: this.batchLimit }, 'relay: the store refused a whole batch; splitting it');
          return false;
        }
        this.refuse(batch[0], outcome.reason);
        return false;
      case 'answered': {
        let retriable = 0;
        let forwarded = 0;
        batch.forEach((event, index) => {
          const refusal = outcome.refused.get(index);
          if (refusal?.retriable) {
            retriable++;
            return;
          }
          if (refusal) this.refuse(event, refusal.reason);
          else {
            forwarded++;
            this.done(event);
          }
        });
        this.counters.forwarded(forwarded);
        this.batchLimit = this.options.maxBatchEvents;
        if (retriable > 0) this.counters.batchFailed('unavailable');
        return retriable > 0;
      }
    }
  }

  private refuse(event: SpooledEvent, reason: string): void {
    this.log.warn({ runId: event.runId, reason }, 'relay: the store refused an event for good (4xx); dropped from the spool');
    this.counters.refused(1);
    this.done(event);
  }

  private done(event: SpooledEvent): void {
    this.pending.delete(event.seq);
    this.spool.release(event);
  }
}
