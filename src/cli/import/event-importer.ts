import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppModule } from '../../app.module';
import { Environment, IngestMode } from '../../core/config/environment';
import { DomainError } from '../../core/errors/domain-errors';
import { DatabaseTarget } from '../../database/data-source';
import { IngestService } from '../../ingest/ingest.service';
import { refusedEventText } from '../../ingest/json-body-parser';
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
  /** Already in the log (an import run again, or resumed past a checkpoint, meets these). */
  duplicates: number;
  refused: number;
}

export interface Refusal {
  position: string;
  code: string;
  reason: string;
}

/** A retriable refusal (the store was busy) is tried again this many times, this long apart. */
const RETRIES = 5;
const RETRY_DELAY_MS = 1000;

/** The commit of a whole import batch may take longer than a producer's event would be let wait. */
const IMPORT_COMMIT_TIMEOUT_MS = 60_000;

/** Events are handed to ingest this many at a time (one group commit each). */
export const IMPORT_BATCH_EVENTS = 500;

export class ImportAbortedError extends Error {}

/**
 * Ingests events read from a file or another store through the HTTP ingest's checks (the body
 * parser's size and shape limits, then the envelope: IngestService.ingestBatch), in sync mode, and
 * counts what became of them. What the store refuses is counted and reported, never stored.
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
    const importEnv = { ...env, PROJECTION_WORKERS: 0, INGEST_MODE: IngestMode.Sync, INGEST_TIMEOUT_MS: IMPORT_COMMIT_TIMEOUT_MS };
    const app = await NestFactory.createApplicationContext(AppModule.forRoot(importEnv, database, loops + 1), { logger: ['error', 'warn'] });
    return new EventImporter(app, importEnv, loops, onRefused);
  }

  /** Ingests the batch; throws ImportAbortedError when the store stays unable to take it. */
  async ingest(events: SourceEvent[]): Promise<void> {
    const ingest = this.app.get(IngestService);
    let pending: SourceEvent[] = [];
    for (const event of events) {
      this.counts.read++;
      const refused = refusedEventText(event.text, { maxArrayElements: this.env.INGEST_MAX_ARRAY_ELEMENTS }, this.env.BODY_LIMIT_BYTES);
      if (refused) this.refuse(event, refused);
      else pending.push(event);
    }
    for (let attempt = 0; pending.length > 0; attempt++) {
      let outcomes;
      try {
        outcomes = await ingest.ingestBatch(pending.map((e) => e.text), { peerAddress: null, userAgent: 'metadata-store import' });
      } catch (error) {
        // The batch as a whole: only INVALID_JSON, for an event that is not JSON; refuse them one by one.
        if (!(error instanceof DomainError) || pending.length === 1) throw error;
        outcomes = await Promise.all(
          pending.map((e) => ingest.ingestBatch([e.text], { peerAddress: null, userAgent: 'metadata-store import' }).then(([o]) => o, toFailure)),
        );
      }
      const retry: SourceEvent[] = [];
      outcomes.forEach((outcome, i) => {
        if (outcome.status === 'stored') this.counts.stored++;
        else if (outcome.status === 'duplicate') this.counts.duplicates++;
        else if (outcome.status === 'failed' && outcome.retriable) retry.push(pending[i]);
        else if (outcome.status === 'failed') this.refuse(pending[i], { code: outcome.code, message: outcome.reason });
      });
      if (retry.length > 0 && attempt >= RETRIES) {
        throw new ImportAbortedError(`the store could not take ${retry.length} event(s) after ${RETRIES} retries; run the import again to resume`);
      }
      if (retry.length > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      pending = retry;
    }
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

  private refuse(event: SourceEvent, error: { code: string; message: string }): void {
    this.counts.refused++;
    this.onRefused({ position: event.position, code: error.code, reason: error.message });
  }
}

function toFailure(error: unknown): { status: 'failed'; code: string; reason: string; retriable: false } {
  if (!(error instanceof DomainError)) throw error;
  return { status: 'failed', code: error.code, reason: error.message, retriable: false };
}
