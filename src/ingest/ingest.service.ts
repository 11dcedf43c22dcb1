import { Injectable, Logger } from '@nestjs/common';
import { DomainError, InvalidFieldsError, UnavailableError } from '../core/errors/domain-errors';
import { ErrorCode } from '../core/errors/error-codes';
import { Environment, IngestMode } from '../core/config/environment';
import { NewLogEvent } from '../log/event-log.repository';
import { AsyncIngestQueue } from './async-queue.service';
import { FieldError } from '../openlineage/event-envelope';
import { EventWriter } from './event-writer.service';
import { CommitTimeoutError, RejectedByDatabaseError } from './group-commit';
import { EventLoopSlices } from '../core/event-loop-slices';
import { EventSource, toLogEvent } from './log-event';
import { checkEvent } from './event-check';
import { IngestMetrics } from './ingest.metrics';

/** What became of an event that was taken; an event that was not is a DomainError thrown. */
export type IngestOutcome = { status: 'stored' } | { status: 'duplicate' } | { status: 'queued' };

/** One event of a batch: taken, or refused with the code and message it would have got alone. */
export type BatchEventOutcome = IngestOutcome | { status: 'failed'; code: ErrorCode; reason: string; retriable: boolean };

/** What a refused event's log line may carry: the field errors, bounded; never the body. */
const LOGGED_FIELD_ERRORS = 20;
const LOGGED_MESSAGE_CHARS = 200;

function loggedFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.slice(0, LOGGED_FIELD_ERRORS).map(({ field, message }) => ({
    field: field.slice(0, LOGGED_MESSAGE_CHARS),
    message: message.length > LOGGED_MESSAGE_CHARS ? `${message.slice(0, LOGGED_MESSAGE_CHARS)}…` : message,
  }));
}

function failed(error: unknown): BatchEventOutcome {
  if (!(error instanceof DomainError)) throw error;
  return { status: 'failed', code: error.code, reason: error.message, retriable: error instanceof UnavailableError };
}

/** Validates events and hands them to the log: synchronously (sync) or via the queue (async). */
@Injectable()
export class IngestService {
  private readonly logger = new Logger('Ingest');

  constructor(
    private readonly env: Environment,
    private readonly writer: EventWriter,
    private readonly queue: AsyncIngestQueue,
    private readonly metrics: IngestMetrics,
  ) {}

  /**
   * `text` is the event's JSON text as received (UTF-8), `body` its parse. Throws INVALID_EVENT
   * (logged with the request id and the field errors, never the body), OVERLOADED or
   * DATABASE_UNAVAILABLE.
   */
  async ingest(body: unknown, text: Buffer, source: EventSource, requestId: string): Promise<IngestOutcome> {
    const prepared = this.prepare(body, text, source);
    try {
      if ('errors' in prepared) throw this.invalid(prepared.errors);
      return await this.store(prepared.event);
    } catch (error) {
      if (error instanceof InvalidFieldsError) {
        const errors = error.fieldErrors;
        this.logger.warn({ requestId, errors: loggedFieldErrors(errors), errorCount: errors.length }, 'ingest: event refused (400)');
      }
      throw error;
    }
  }

  /**
   * Each event of the batch succeeds or fails on its own, except that a batch holding text that
   * is not JSON is refused whole. `texts` are the events' JSON texts as received (UTF-8). Each is
   * parsed and prepared in turn, keeping only what the log stores (so the parsed events of a large
   * batch do not pile up), yielding to the event loop between slices; then all are submitted, so
   * the commit deadline (INGEST_TIMEOUT_MS) measures committing only.
   */
  async ingestBatch(texts: Buffer[] | null, source: EventSource): Promise<BatchEventOutcome[]> {
    if (!texts) throw new InvalidFieldsError('INVALID_BATCH', [{ field: '$', message: 'a batch must be a JSON array of events' }]);
    const prepared: Array<ReturnType<IngestService['prepare']>> = [];
    const slices = new EventLoopSlices();
    for (const [i, text] of texts.entries()) {
      let body: unknown;
      try {
        body = JSON.parse(text.toString('utf8'));
      } catch (error) {
        throw new InvalidFieldsError('INVALID_JSON', [{ field: `$[${i}]`, message: `malformed JSON: ${(error as Error).message}` }]);
      }
      prepared.push(this.prepare(body, text, source));
      await slices.next();
    }
    const outcomes: Array<Promise<BatchEventOutcome>> = [];
    for (const p of prepared) {
      // A submit can start a commit, whose statement is built at once: one slice holds a few.
      outcomes.push('errors' in p ? Promise.resolve(failed(this.invalid(p.errors))) : this.store(p.event).catch(failed));
      await slices.next();
    }
    return Promise.all(outcomes);
  }

  private prepare(body: unknown, text: Buffer, source: EventSource): { event: NewLogEvent } | { errors: FieldError[] } {
    const checked = checkEvent(body, text);
    if ('errors' in checked) return checked;
    return { event: toLogEvent(checked.event, text, source) };
  }

  private invalid(errors: FieldError[]): InvalidFieldsError {
    this.metrics.rejected('invalid');
    return new InvalidFieldsError('INVALID_EVENT', errors);
  }

  private async store(event: NewLogEvent): Promise<IngestOutcome> {
    this.metrics.received(event.kind, event.eventType);
    if (this.env.INGEST_MODE === IngestMode.Async) {
      if (this.queue.offer(event)) return { status: 'queued' };
      this.metrics.rejected('queue_full');
      throw new UnavailableError('OVERLOADED', 'the ingest queue is full; retry later');
    }
    try {
      const duplicate = await this.writer.write(event, this.env.INGEST_TIMEOUT_MS);
      return { status: duplicate ? 'duplicate' : 'stored' };
    } catch (error) {
      if (error instanceof RejectedByDatabaseError) {
        this.metrics.rejected('database_rejected');
        throw new InvalidFieldsError('INVALID_EVENT', [{ field: '$', message: `PostgreSQL rejected the event: ${error.message}` }]);
      }
      if (error instanceof CommitTimeoutError) {
        this.metrics.rejected('timeout');
        throw new UnavailableError('OVERLOADED', `the event could not be stored within ${this.env.INGEST_TIMEOUT_MS} ms; retry later`);
      }
      this.metrics.rejected('database_unavailable');
      throw new UnavailableError('DATABASE_UNAVAILABLE', 'the database is unavailable; retry later');
    }
  }
}
