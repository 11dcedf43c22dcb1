import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from '../../app.module';
import { Environment } from '../../core/config/environment';
import { DomainError, InvalidFieldsError } from '../../core/errors/domain-errors';
import { isDataError } from '../../database/database-errors';
import { DatabaseTarget } from '../../database/data-source';
import { checkEvent } from '../../ingest/event-check';
import { refusedEventText } from '../../ingest/json-body-parser';
import { trimJsonWhitespace } from '../../ingest/json-text';
import { EventSource, toLogEvent } from '../../ingest/log-event';
import { EventLogRepository, NewLogEvent } from '../../log/event-log.repository';
import { drainProjection } from '../drain-projection';
import { ImportCheckpoints } from './import-checkpoints';

/** One event read from a source: its JSON text, and where it was (for the list of refusals). */
export interface SourceEvent {
  text: Buffer;
  position: string;
}

export interface ImportCounts {
  read: number;
  stored: number;
  /** Already in the log (an import run again, or resumed at a checkpoint, meets these). */
  duplicates: number;
  refused: number;
}

export interface Refusal {
  position: string;
  code: string;
  reason: string;
}

/** Events are checked and appended this many at a time (one statement). */
export const IMPORT_BATCH_EVENTS = 500;

const IMPORT_SOURCE: EventSource = { peerAddress: null, userAgent: 'metadata-store import' };

interface Accepted {
  source: SourceEvent;
  event: NewLogEvent;
}

/**
 * Appends events read from a file or another store to the log after the checks an HTTP ingest
 * makes (the body parser's size and shape limits, JSON, the envelope: checkEvent), in the order
 * read, so that they get log ids in that order (the model breaks ties of event time by log
 * order), and counts what became of them. What the store refuses is counted and reported, never
 * stored.
 */
export class EventImporter {
  readonly counts: ImportCounts = { read: 0, stored: 0, duplicates: 0, refused: 0 };

  private constructor(
    private readonly app: INestApplicationContext,
    private readonly env: Environment,
    private readonly loops: number,
    private readonly onRefused: (refusal: Refusal) => void,
  ) {}

  static async open(env: Environment, database: DatabaseTarget, onRefused: (refusal: Refusal) => void): Promise<EventImporter> {
    const loops = Math.max(1, env.PROJECTION_WORKERS);
    const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...env, PROJECTION_WORKERS: 0 }, database, loops + 1), {
      logger: ['error', 'warn'],
    });
    return new EventImporter(app, env, loops, onRefused);
  }

  /** Checks the events and appends those that pass, in order. */
  async ingest(events: SourceEvent[]): Promise<void> {
    const accepted: Accepted[] = [];
    for (const source of events) {
      this.counts.read++;
      const checked = this.check(source);
      if (checked instanceof DomainError) this.refuse(source, checked);
      else accepted.push({ source, event: checked });
    }
    await this.append(accepted);
  }

  /** Where an import from `source` got to, in the store's database. */
  checkpoints<P>(source: string): ImportCheckpoints<P> {
    return new ImportCheckpoints<P>(this.app.get<DataSource>(getDataSourceToken()), source);
  }

  /** Projects everything imported (and anything else queued). */
  async project(onProgress: (queueDepth: number) => void): Promise<void> {
    await drainProjection(this.app, this.loops, this.env.PROJECTION_BATCH_SIZE, onProgress);
  }

  async close(): Promise<void> {
    await this.app.close();
  }

  private check(source: SourceEvent): NewLogEvent | DomainError {
    const refused = refusedEventText(source.text, { maxArrayElements: this.env.INGEST_MAX_ARRAY_ELEMENTS }, this.env.BODY_LIMIT_BYTES);
    if (refused) return refused;
    const text = trimJsonWhitespace(source.text);
    let body: unknown;
    try {
      body = JSON.parse(text.toString('utf8'));
    } catch (error) {
      return new InvalidFieldsError('INVALID_JSON', [{ field: '$', message: `malformed JSON: ${(error as Error).message}` }]);
    }
    const checked = checkEvent(body, text);
    if ('errors' in checked) return new InvalidFieldsError('INVALID_EVENT', checked.errors);
    return toLogEvent(checked.event, text, IMPORT_SOURCE);
  }

  /** One statement; when PostgreSQL refuses the data of one, each event alone, to find it. */
  private async append(accepted: Accepted[]): Promise<void> {
    if (accepted.length === 0) return;
    let duplicates: boolean[];
    try {
      duplicates = await this.app.get(EventLogRepository).append(
        accepted.map((a) => a.event),
        { inGivenOrder: true },
      );
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (accepted.length === 1) {
        this.refuse(accepted[0].source, new InvalidFieldsError('INVALID_EVENT', [{ field: '$', message: `PostgreSQL rejected the event: ${(error as Error).message}` }]));
        return;
      }
      for (const one of accepted) await this.append([one]);
      return;
    }
    for (const duplicate of duplicates) {
      if (duplicate) this.counts.duplicates++;
      else this.counts.stored++;
    }
  }

  private refuse(source: SourceEvent, error: DomainError): void {
    this.counts.refused++;
    this.onRefused({ position: source.position, code: error.code, reason: error.message });
  }
}
