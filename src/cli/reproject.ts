import { NestFactory } from '@nestjs/core';
import { Environment } from '../core/config/environment';
import { AppModule } from '../app.module';
import { ProjectionWriter } from '../projection/projection-writer.service';
import { ProjectionQueueRepository } from '../log/projection-queue.repository';

/**
 * Rebuilds the read tables from the log: empties them and queues every event again in one
 * transaction, then projects until the queue is empty. Replicas that are serving help.
 */
export async function reproject(env: Environment, databaseUrl: string): Promise<{ events: number }> {
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot({ ...env, PROJECTION_WORKERS: 0 }, databaseUrl),
    { logger: ['error', 'warn'] },
  );
  try {
    const writer = app.get(ProjectionWriter);
    const queue = app.get(ProjectionQueueRepository);
    const queued = await writer.resetForReplay();
    // Done when the queue is empty, not when a claim comes back empty: serving replicas may
    // still hold rows they claimed.
    while ((await queue.stats()).depth > 0) {
      if ((await writer.projectBatch(env.PROJECTION_BATCH_SIZE)).length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    return { events: queued };
  } finally {
    await app.close();
  }
}
