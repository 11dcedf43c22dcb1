import { NestFactory } from '@nestjs/core';
import { Environment } from '../core/config/environment';
import { AppModule } from '../app.module';
import { DatabaseTarget } from '../database/data-source';
import { ProjectionWriter } from '../projection/projection-writer.service';
import { SetAsideRepository } from '../projection/set-aside.repository';
import { CliLog } from './cli-log';
import { commandDatabase } from './command-database';
import { drainProjection } from './drain-projection';

export interface ReprojectProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

const count = (n: number) => n.toLocaleString('en-US');

/** `12,000 of 50,004 events (24%), 6,000 events/s, about 6 s left` */
export function progressLine({ done, total, elapsedMs }: ReprojectProgress): string {
  const rate = elapsedMs > 0 ? (done * 1000) / elapsedMs : 0;
  const left = rate > 0 ? `about ${Math.ceil((total - done) / rate)} s left` : 'time left unknown';
  const percent = total > 0 ? Math.floor((done * 100) / total) : 100;
  return `reproject: ${count(done)} of ${count(total)} events (${percent}%), ${count(Math.round(rate))} events/s, ${left}`;
}

/**
 * Rebuilds the read tables from the log: empties them (and the set-aside list) and queues every
 * event again in one transaction, then projects until the queue is empty, reporting progress.
 * PROJECTION_WORKERS loops project side by side, and replicas that are serving help; an event
 * that still cannot be projected is set aside again.
 */
export async function reproject(
  env: Environment,
  database: DatabaseTarget,
  onProgress: (progress: ReprojectProgress) => void = () => undefined,
): Promise<{ events: number; setAside: number; elapsedMs: number }> {
  // PROJECTION_WORKERS loops (at least one) project the log side by side, as a replica's workers
  // do: one loop leaves PostgreSQL idle while Node builds a batch, and Node idle while it applies.
  const loops = Math.max(1, env.PROJECTION_WORKERS);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...env, PROJECTION_WORKERS: 0 }, database, loops + 1), {
    logger: ['error', 'warn'],
  });
  try {
    const started = Date.now();
    const total = await app.get(ProjectionWriter).resetForReplay();
    await drainProjection(app, loops, env.PROJECTION_BATCH_SIZE, (depth) =>
      onProgress({ done: total - depth, total, elapsedMs: Date.now() - started }),
    );
    return { events: total, setAside: await app.get(SetAsideRepository).count(), elapsedMs: Date.now() - started };
  } finally {
    await app.close();
  }
}

/** `reproject`: against DATABASE_URL, or the embedded PostgreSQL when it is unset. */
export async function reprojectCommand(env: Environment, log: CliLog): Promise<void> {
  const database = await commandDatabase(env, 'reproject', log.warn);
  try {
    const { events, setAside, elapsedMs } = await reproject(env, database, (progress) => log.info(progressLine(progress)));
    const rate = elapsedMs > 0 ? Math.round((events * 1000) / elapsedMs) : events;
    log.info(
      `reprojected ${count(events)} event(s) from the log in ${(elapsedMs / 1000).toFixed(1)} s (${count(rate)} events/s); ` +
        `${count(setAside)} set aside (listed with the reason in the projection_set_aside table)`,
    );
  } finally {
    await database.embedded?.stop();
  }
}
