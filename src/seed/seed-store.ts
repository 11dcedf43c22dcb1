import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { AppModule } from '../app.module';
import { Environment, IngestMode } from '../core/config/environment';
import { BatchEventOutcome, IngestService } from '../ingest/ingest.service';
import { ProjectionQueueRepository } from '../log/projection-queue.repository';
import { runEvents } from './events/run-events';
import { schedule } from './schedule';
import { buildWorld } from './world';

export interface SeedOptions {
  datasets: number;
  seed: number;
  /** Called with one line of progress about every PROGRESS_INTERVAL_MS, and at the end. */
  progress: (line: string) => void;
}

export interface SeedReport {
  datasets: number;
  events: number;
  stored: number;
  duplicates: number;
  /** Datasets in the read tables once the projection has caught up. */
  projectedDatasets: number;
  loggedSeconds: number;
  totalSeconds: number;
}

/** Events handed to ingest at once: enough to fill every group-commit writer. */
const CHUNK = 800;
/** Ingest waits while the projection is this far behind, so the queue stays bounded. */
const MAX_QUEUE_DEPTH = 20_000;
const PROGRESS_INTERVAL_MS = 5000;
/** The seed is the only client: a commit may wait behind a long projection batch. */
const SEED_INGEST_TIMEOUT_MS = 60_000;
const SOURCE = { peerAddress: null, userAgent: 'metadata-store-seed' };

const int = (n: number) => n.toLocaleString('en-US');

/**
 * Generates the graph's events in time order and sends them through the service's own ingest
 * (validation, log append with its projection-queue rows, group commit) with the projection
 * workers running in this process; returns once the projection queue is empty. Seeding twice is
 * harmless: the events are deterministic, so the second time every one is a duplicate.
 */
export async function seedStore(env: Environment, databaseUrl: string, options: SeedOptions): Promise<SeedReport> {
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  const world = buildWorld(options.datasets, options.seed);
  const runs = schedule(world);
  const total = runs.length * 2;
  options.progress(`seed: ${int(options.datasets)} datasets, ${int(runs.length)} runs, ${int(total)} events (seed ${options.seed})`);

  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...env, INGEST_MODE: IngestMode.Sync, INGEST_TIMEOUT_MS: SEED_INGEST_TIMEOUT_MS }, { url: databaseUrl }),
    { logger: ['error', 'warn'] },
  );
  try {
    const ingest = app.get(IngestService);
    const queue = app.get(ProjectionQueueRepository);
    let sent = 0;
    let stored = 0;
    let duplicates = 0;
    let lastProgress = Date.now();
    const report = async () => {
      const { depth } = await queue.stats();
      options.progress(`seed: ${int(sent)}/${int(total)} events logged (${int(Math.round(sent / seconds()))}/s), projection queue ${int(depth)}, ${seconds().toFixed(0)} s`);
      lastProgress = Date.now();
      return depth;
    };
    const send = async (chunk: Array<Record<string, unknown>>) => {
      const texts = chunk.map((event) => Buffer.from(JSON.stringify(event)));
      // Throws when a generated event is not JSON (the batch is refused whole).
      const outcomes: BatchEventOutcome[] = await ingest.ingestBatch(texts, SOURCE);
      for (const [i, outcome] of outcomes.entries()) {
        if (outcome.status === 'stored') stored++;
        else if (outcome.status === 'duplicate') duplicates++;
        else throw new Error(`ingest refused a generated event (${JSON.stringify(outcome)}): ${JSON.stringify(chunk[i]).slice(0, 300)}`);
      }
      sent += chunk.length;
      if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) {
        while ((await report()) > MAX_QUEUE_DEPTH) await new Promise((resolve) => setTimeout(resolve, PROGRESS_INTERVAL_MS));
      }
    };

    // The next chunk is generated while the previous one is being committed.
    let inFlight: Promise<void> = Promise.resolve();
    let chunk: Array<Record<string, unknown>> = [];
    for (const run of runs) {
      chunk.push(...runEvents(world, run));
      if (chunk.length >= CHUNK) {
        await inFlight;
        inFlight = send(chunk);
        chunk = [];
      }
    }
    await inFlight;
    if (chunk.length) await send(chunk);
    const loggedSeconds = seconds();
    // Done when the queue is empty: the in-process workers (or other replicas) drain it.
    while ((await queue.stats()).depth > 0) {
      if (Date.now() - lastProgress >= PROGRESS_INTERVAL_MS) await report();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [{ n }] = await app.get(DataSource).query('SELECT count(*)::int AS n FROM datasets');
    const result = { datasets: options.datasets, events: total, stored, duplicates, projectedDatasets: n, loggedSeconds, totalSeconds: seconds() };
    options.progress(
      `seed: done in ${result.totalSeconds.toFixed(1)} s (log ${loggedSeconds.toFixed(1)} s): ${int(stored)} events stored, ${int(duplicates)} already there, ${int(n)} datasets in the store`,
    );
    return result;
  } finally {
    await app.close();
  }
}
