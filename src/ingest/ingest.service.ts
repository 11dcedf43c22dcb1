import { Injectable } from '@nestjs/common';
import { Environment, IngestMode } from '../core/config/environment';
import { NewLogEvent } from '../log/event-log.repository';
import { AsyncIngestQueue } from './async-queue.service';
import { FieldError, findUnstorableText, validateEnvelope } from '../openlineage/event-envelope';
import { EventWriter } from './event-writer.service';
import { CommitTimeoutError, RejectedByDatabaseError } from './group-commit';
import { EventSource, toLogEvent } from './log-event';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-text';
import { IngestMetrics } from './ingest.metrics';

export type IngestOutcome =
  | { status: 'stored' }
  | { status: 'duplicate' }
  | { status: 'queued' }
  | { status: 'invalid'; errors: FieldError[] }
  | { status: 'unavailable'; reason: string };

/** `\u0000` or a surrogate escape: the only ways valid UTF-8 JSON text can hold what jsonb refuses. */
const MAY_HOLD_UNSTORABLE_TEXT = /\\u(0000|d[89a-f])/i;
const ESCAPE = Buffer.from('\\u');

/** Longest stretch a batch is prepared without letting other requests run. */
const PREPARE_SLICE_MS = 10;

/** Validates events and hands them to the log: synchronously (sync) or via the queue (async). */
@Injectable()
export class IngestService {
  constructor(
    private readonly env: Environment,
    private readonly writer: EventWriter,
    private readonly queue: AsyncIngestQueue,
    private readonly metrics: IngestMetrics,
  ) {}

  /** `text` is the event's JSON text as received (UTF-8), `body` its parse. */
  async ingest(body: unknown, text: Buffer, source: EventSource): Promise<IngestOutcome> {
    const prepared = this.prepare(body, text, source);
    if ('errors' in prepared) return this.invalid(prepared.errors);
    return this.store(prepared.event);
  }

  /**
   * Each event of the batch succeeds or fails on its own. Every event is prepared before any is
   * submitted, so the commit deadline (INGEST_TIMEOUT_MS) measures committing only; preparing
   * yields to the event loop every few milliseconds so that probes and other requests go on.
   */
  async ingestBatch(events: unknown[], texts: Buffer[], source: EventSource): Promise<IngestOutcome[]> {
    const prepared: Array<ReturnType<IngestService['prepare']>> = [];
    let slice = Date.now();
    for (const [i, body] of events.entries()) {
      prepared.push(this.prepare(body, texts[i], source));
      if (Date.now() - slice >= PREPARE_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = Date.now();
      }
    }
    return Promise.all(prepared.map((p) => ('errors' in p ? this.invalid(p.errors) : this.store(p.event))));
  }

  private prepare(body: unknown, text: Buffer, source: EventSource): { event: NewLogEvent } | { errors: FieldError[] } {
    const result = validateEnvelope(body);
    if (!result.ok) return { errors: result.errors };
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return { errors: [{ field: '$', message: `is nested more than ${MAX_JSON_DEPTH} levels deep` }] };
    try {
      const event = toLogEvent(result.event, text, source);
      // Only an event whose text holds such an escape is walked to find the field to name.
      const unstorable =
        text.includes(ESCAPE) && MAY_HOLD_UNSTORABLE_TEXT.test(text.toString('utf8')) ? findUnstorableText(result.event.payload) : null;
      if (unstorable) return { errors: [unstorable] };
      this.metrics.received(result.event.kind, result.event.eventType);
      return { event };
    } catch (error) {
      // A walk of nesting too deep for the stack (MAX_JSON_DEPTH is far below that, but be sure).
      if (error instanceof RangeError) return { errors: [{ field: '$', message: 'is nested too deeply to store' }] };
      throw error;
    }
  }

  private invalid(errors: FieldError[]): IngestOutcome {
    this.metrics.rejected('invalid');
    return { status: 'invalid', errors };
  }

  private async store(event: NewLogEvent): Promise<IngestOutcome> {
    if (this.env.INGEST_MODE === IngestMode.Async) {
      if (this.queue.offer(event)) return { status: 'queued' };
      this.metrics.rejected('queue_full');
      return { status: 'unavailable', reason: 'the ingest queue is full' };
    }
    try {
      const duplicate = await this.writer.write(event, this.env.INGEST_TIMEOUT_MS);
      return { status: duplicate ? 'duplicate' : 'stored' };
    } catch (error) {
      if (error instanceof RejectedByDatabaseError) {
        this.metrics.rejected('database_rejected');
        return { status: 'invalid', errors: [{ field: '$', message: `PostgreSQL rejected the event: ${error.message}` }] };
      }
      const timeout = error instanceof CommitTimeoutError;
      this.metrics.rejected(timeout ? 'timeout' : 'database_unavailable');
      return {
        status: 'unavailable',
        reason: timeout
          ? `the event could not be stored within ${this.env.INGEST_TIMEOUT_MS} ms`
          : 'the database is unavailable',
      };
    }
  }
}
