import { Injectable } from '@nestjs/common';
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

export type IngestOutcome =
  | { status: 'stored' }
  | { status: 'duplicate' }
  | { status: 'queued' }
  | { status: 'invalid'; errors: FieldError[] }
  | { status: 'unavailable'; reason: string };

/** A batch's outcome per event, or the event that is not JSON (the batch is then refused whole). */
export type BatchOutcome = { outcomes: IngestOutcome[] } | { malformed: FieldError };

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
   * Each event of the batch succeeds or fails on its own, except that a batch holding text that
   * is not JSON is refused whole. `texts` are the events' JSON texts as received (UTF-8). Each is
   * parsed and prepared in turn, keeping only what the log stores (so the parsed events of a large
   * batch do not pile up), yielding to the event loop between slices; then all are submitted, so
   * the commit deadline (INGEST_TIMEOUT_MS) measures committing only.
   */
  async ingestBatch(texts: Buffer[], source: EventSource): Promise<BatchOutcome> {
    const prepared: Array<ReturnType<IngestService['prepare']>> = [];
    const slices = new EventLoopSlices();
    for (const [i, text] of texts.entries()) {
      let body: unknown;
      try {
        body = JSON.parse(text.toString('utf8'));
      } catch (error) {
        return { malformed: { field: `$[${i}]`, message: `malformed JSON: ${(error as Error).message}` } };
      }
      prepared.push(this.prepare(body, text, source));
      await slices.next();
    }
    const outcomes: Array<Promise<IngestOutcome>> = [];
    for (const p of prepared) {
      // A submit can start a commit, whose statement is built at once: one slice holds a few.
      outcomes.push('errors' in p ? Promise.resolve(this.invalid(p.errors)) : this.store(p.event));
      await slices.next();
    }
    return { outcomes: await Promise.all(outcomes) };
  }

  private prepare(body: unknown, text: Buffer, source: EventSource): { event: NewLogEvent } | { errors: FieldError[] } {
    const checked = checkEvent(body, text);
    if ('errors' in checked) return checked;
    return { event: toLogEvent(checked.event, text, source) };
  }

  private invalid(errors: FieldError[]): IngestOutcome {
    this.metrics.rejected('invalid');
    return { status: 'invalid', errors };
  }

  private async store(event: NewLogEvent): Promise<IngestOutcome> {
    this.metrics.received(event.kind, event.eventType);
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
