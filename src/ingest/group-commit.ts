import { isDataError } from '../database/database-errors';

export interface GroupCommitOptions {
  /** Most events in one transaction. */
  maxEvents: number;
  /** How long a partial batch may wait for more events; 0 flushes as soon as a writer is free. */
  maxWaitMs: number;
  /**
   * Most transactions in flight at once. A second one starts beside another only for a full
   * batch (maxEvents): otherwise events wait for the commit in flight and share the next one.
   */
  writers: number;
}

/** The event could not be stored because of its own content; the others were not affected. */
export class RejectedByDatabaseError extends Error {}

/**
 * The event was not in a transaction before its deadline and was dropped. One already in a
 * transaction when the deadline passes waits for that transaction (bounded by the statement
 * timeout), so what the caller is told is what was stored.
 */
export class CommitTimeoutError extends Error {}

interface Pending<T> {
  item: T;
  resolve: (duplicate: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: events from concurrent requests share one transaction (one multi-row insert).
 * Each caller's promise settles after the transaction holding its event committed. When a batch
 * fails because of one event's data, the batch is retried event by event so the others still
 * commit; when the database is unavailable, every caller in the batch gets the error.
 */
export class GroupCommitter<T> {
  private pending: Array<Pending<T>> = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly write: (items: T[]) => Promise<boolean[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  /**
   * Resolves with `true` when the event was already stored (a duplicate), `false` when this
   * commit stored it. With a deadline, an event still waiting for a writer when it passes is
   * dropped and the promise rejects with CommitTimeoutError.
   */
  submit(item: T, deadlineMs?: number): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const entry: Pending<T> = { item, resolve, reject };
      this.pending.push(entry);
      if (deadlineMs !== undefined) {
        const timer = setTimeout(() => {
          // Still waiting for a writer: drop it now, so a stalled database cannot pile up bodies.
          const waiting = this.pending.indexOf(entry);
          if (waiting < 0) return;
          this.pending.splice(waiting, 1);
          reject(new CommitTimeoutError(`not in a transaction within ${deadlineMs} ms`));
        }, deadlineMs);
        const settle = () => clearTimeout(timer);
        entry.resolve = (duplicate) => (settle(), resolve(duplicate));
        entry.reject = (error) => (settle(), reject(error));
      }
      this.schedule();
    });
  }

  /** Resolves once nothing is pending or in flight. */
  idle(): Promise<void> {
    if (this.pending.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Starting a transaction whenever a writer is free makes batches of 1-3 events under load,
   * each paying a commit (WAL flush) and a round trip, so CPU per event rises with every extra
   * commit (ADR 0004; docs/benchmarks/ingest-history.md has the measurements).
   * So a partial batch waits for the transaction in flight; only a full one starts beside it.
   */
  private schedule(): void {
    if (this.pending.length === 0 || this.inFlight >= this.options.writers) return;
    const full = this.pending.length >= this.options.maxEvents;
    if (!full && this.inFlight > 0) return; // afterFlush() schedules again at its commit
    if (full || this.options.maxWaitMs === 0) {
      this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        // A transaction may have started meanwhile; afterFlush() schedules again when it ends.
        if (this.inFlight === 0) this.flush();
      }, this.options.maxWaitMs);
    }
  }

  private flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.pending.splice(0, this.options.maxEvents);
    if (batch.length === 0) return this.afterFlush();
    this.inFlight++;
    this.commit(batch)
      .finally(() => {
        this.inFlight--;
        this.afterFlush();
      })
      .catch(() => undefined);
    this.schedule();
  }

  private afterFlush(): void {
    this.schedule();
    if (this.pending.length === 0 && this.inFlight === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((wake) => wake());
    }
  }

  private async commit(batch: Array<Pending<T>>): Promise<void> {
    try {
      const duplicates = await this.write(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => entry.resolve(duplicates[i]));
    } catch (error) {
      if (batch.length > 1 && isDataError(error)) {
        for (const entry of batch) await this.commit([entry]);
        return;
      }
      const failure = isDataError(error) ? new RejectedByDatabaseError((error as Error).message) : error;
      batch.forEach((entry) => entry.reject(failure));
    }
  }
}
