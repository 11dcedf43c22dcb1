import type { OpenLineageEvent } from '../generated/spec-types';
import { loadConfig, type ConfigSources } from '../config/load-config';
import { createTransport, type TransportConfig } from '../transports/create-transport';
import { NoopTransport } from '../transports/noop-transport';
import type { Transport } from '../transports/transport';
import { validateEvent } from '../validation/event-validator';
import { ClientClosedError, InvalidEventError, QueueFullError, StartNotDeliveredError } from './errors';
import { EventQueue } from './event-queue';

export interface OpenLineageClientOptions {
  /** A transport, or its configuration as openlineage.yml's `transport:` would give it. */
  transport: Transport | TransportConfig;
  /** Events waiting to be sent at most (default 10,000). */
  maxQueueSize?: number;
  /** When the queue is full: 'reject' (default) makes emit() reject with QueueFullError; 'drop' drops the event and counts it. */
  onQueueFull?: 'reject' | 'drop';
  /** Deliveries in parallel (default 4). Events of one run are always delivered one after another, in order. */
  maxConcurrentRequests?: number;
  /** Validate each event against the spec in emit(), rejecting an invalid one with InvalidEventError (default false). */
  validate?: boolean;
  /** Told about every event that was not delivered (default: a console.warn line). */
  onError?: (error: Error, event: OpenLineageEvent) => void;
  /** Emit nothing (what OPENLINEAGE_DISABLED=true sets). */
  disabled?: boolean;
}

export interface ClientStats {
  /** Waiting in the queue. */
  queued: number;
  /** Being delivered now. */
  inFlight: number;
  /** Delivered. */
  sent: number;
  /** Given up on: the transport failed (after its retries), or the run's START was not delivered. */
  failed: number;
  /** Never attempted: the queue was full (onQueueFull 'drop'), or close() timed out before them. */
  dropped: number;
}

const TERMINAL = new Set(['COMPLETE', 'FAIL', 'ABORT']);
/** How long close() waits for deliveries to end once it aborted them. */
const ABORT_GRACE_MS = 1000;
/** Runs whose START failed, remembered so their terminal event is held back; bounded. */
const MAX_FAILED_STARTS = 10_000;

/**
 * Emits OpenLineage events in the background: emit() queues and returns at once; deliveries run
 * behind it, several at a time but each run's events in order, so a COMPLETE/FAIL/ABORT is never
 * sent before its run's START was delivered (and not at all if that START failed).
 */
export class OpenLineageClient {
  readonly transport: Transport;
  private readonly maxQueueSize: number;
  private readonly onQueueFull: 'reject' | 'drop';
  private readonly maxConcurrent: number;
  private readonly validate: boolean;
  private readonly onError: (error: Error, event: OpenLineageEvent) => void;
  private readonly disabled: boolean;
  /** Events get increasing sequence numbers, so that flush() knows which ones were emitted before it. */
  private readonly queue = new EventQueue<{ event: OpenLineageEvent; seq: number }>();
  private readonly inFlightSeqs = new Set<number>();
  private lastSeq = 0;
  private readonly runTails = new Map<string, Promise<void>>();
  private readonly failedStarts = new Set<string>();
  private readonly flushWaiters = new Set<{ upTo: number; done: () => void }>();
  private readonly abort = new AbortController();
  private sent = 0;
  private failed = 0;
  private dropped = 0;
  private closed = false;

  constructor(options: OpenLineageClientOptions) {
    this.transport = isTransport(options.transport) ? options.transport : createTransport(options.transport);
    this.maxQueueSize = positiveInteger('maxQueueSize', options.maxQueueSize ?? 10_000);
    this.maxConcurrent = positiveInteger('maxConcurrentRequests', options.maxConcurrentRequests ?? 4);
    this.onQueueFull = options.onQueueFull ?? 'reject';
    this.validate = options.validate ?? false;
    this.onError = options.onError ?? ((error) => console.warn(`[openlineage-client] event not delivered: ${error.message}`));
    this.disabled = options.disabled ?? false;
  }

  /**
   * A client configured as the official clients are (OPENLINEAGE_CONFIG, ./openlineage.yml,
   * ~/.openlineage/openlineage.yml, OPENLINEAGE__* overrides, OPENLINEAGE_URL), disabled by
   * OPENLINEAGE_DISABLED=true. `options` set what configuration does not (queue size, ...).
   */
  static fromEnvironment(options: Omit<OpenLineageClientOptions, 'transport'> & ConfigSources = {}): OpenLineageClient {
    const { env, cwd, home, ...clientOptions } = options;
    const resolved = loadConfig({ env, cwd, home });
    if (resolved.disabled) return new OpenLineageClient({ ...clientOptions, transport: new NoopTransport(), disabled: true });
    return new OpenLineageClient({ ...clientOptions, transport: resolved.config.transport! });
  }

  get isDisabled(): boolean {
    return this.disabled;
  }

  /** Queues the event and returns; it is delivered in the background (see flush() and close()). */
  async emit(event: OpenLineageEvent): Promise<void> {
    if (this.disabled) return;
    if (this.closed) throw new ClientClosedError();
    if (this.validate) {
      const result = validateEvent(event);
      if (!result.valid) throw new InvalidEventError(result.problems);
    }
    if (this.queue.length >= this.maxQueueSize) {
      if (this.onQueueFull === 'reject') throw new QueueFullError(this.maxQueueSize);
      this.dropped++;
      return;
    }
    this.queue.push({ event, seq: ++this.lastSeq });
    this.pump();
  }

  stats(): ClientStats {
    return { queued: this.queue.length, inFlight: this.inFlightSeqs.size, sent: this.sent, failed: this.failed, dropped: this.dropped };
  }

  /**
   * Resolves true once every event emitted before the call was delivered or given up on (events
   * emitted later are not waited for); false if timeoutMs passed first.
   */
  flush(timeoutMs = Infinity): Promise<boolean> {
    const upTo = this.lastSeq;
    if (this.settledUpTo(upTo)) return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter = {
        upTo,
        done: (): void => {
          if (timer) clearTimeout(timer);
          this.flushWaiters.delete(waiter);
          resolve(true);
        },
      };
      this.flushWaiters.add(waiter);
      if (Number.isFinite(timeoutMs)) {
        timer = setTimeout(() => {
          this.flushWaiters.delete(waiter);
          resolve(false);
        }, timeoutMs);
      }
    });
  }

  /**
   * Stops accepting events, delivers what is queued for up to timeoutMs, then abandons the rest
   * (counted as dropped; deliveries in progress are aborted and count as failed) and closes the
   * transport. Resolves true when everything was delivered or given up on in time.
   */
  async close(timeoutMs = 10_000): Promise<boolean> {
    this.closed = true;
    const drained = await this.flush(timeoutMs);
    if (!drained) {
      this.dropped += this.queue.drain().length;
      this.wakeFlushes();
      this.abort.abort(new Error('OpenLineage client closed'));
      // Deliveries in progress end at the abort (a transport that ignores it is not waited for long).
      await this.flush(ABORT_GRACE_MS);
    }
    await this.transport.close?.();
    return drained;
  }

  private pump(): void {
    while (this.inFlightSeqs.size < this.maxConcurrent && this.queue.length > 0 && !this.abort.signal.aborted) {
      const { event, seq } = this.queue.shift()!;
      this.inFlightSeqs.add(seq);
      void this.deliverInRunOrder(event).finally(() => {
        this.inFlightSeqs.delete(seq);
        this.pump();
        this.wakeFlushes();
      });
    }
  }

  /** True when no event numbered upTo or lower is queued or in flight (the queue is in sequence order). */
  private settledUpTo(upTo: number): boolean {
    const queued = this.queue.peek();
    if (queued && queued.seq <= upTo) return false;
    for (const seq of this.inFlightSeqs) if (seq <= upTo) return false;
    return true;
  }

  private wakeFlushes(): void {
    for (const waiter of [...this.flushWaiters]) if (this.settledUpTo(waiter.upTo)) waiter.done();
  }

  private deliverInRunOrder(event: OpenLineageEvent): Promise<void> {
    const runId = runIdOf(event);
    if (!runId) return this.deliver(event, undefined);
    const previous = this.runTails.get(runId);
    const delivery = (previous ?? Promise.resolve()).then(() => this.deliver(event, runId));
    this.runTails.set(runId, delivery);
    return delivery.finally(() => {
      if (this.runTails.get(runId) === delivery) this.runTails.delete(runId);
    });
  }

  private async deliver(event: OpenLineageEvent, runId: string | undefined): Promise<void> {
    const eventType = (event as { eventType?: string }).eventType;
    if (runId && eventType && TERMINAL.has(eventType) && this.failedStarts.delete(runId)) {
      this.fail(new StartNotDeliveredError(runId), event);
      return;
    }
    try {
      await this.transport.emit(event, this.abort.signal);
      this.sent++;
    } catch (error) {
      if (runId && eventType === 'START') this.rememberFailedStart(runId);
      // Duck-typed: errors from another realm (node:fs's under jest) fail `instanceof Error`.
      this.fail(typeof (error as Error)?.message === 'string' ? (error as Error) : new Error(String(error)), event);
    }
  }

  private fail(error: Error, event: OpenLineageEvent): void {
    this.failed++;
    try {
      this.onError(error, event);
    } catch {
      // a throwing onError must not stop the deliveries
    }
  }

  private rememberFailedStart(runId: string): void {
    this.failedStarts.add(runId);
    if (this.failedStarts.size > MAX_FAILED_STARTS) this.failedStarts.delete(this.failedStarts.values().next().value!);
  }
}

function runIdOf(event: OpenLineageEvent): string | undefined {
  const run = (event as { run?: { runId?: unknown } }).run;
  return typeof run?.runId === 'string' ? run.runId : undefined;
}

function isTransport(value: Transport | TransportConfig): value is Transport {
  return typeof (value as Transport).emit === 'function';
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`${name} must be a whole number >= 1, got ${String(value)}`);
  return value;
}
