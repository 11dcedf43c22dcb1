import { NestFactory } from '@nestjs/core';
import { Environment } from '../config/environment';
import { AppModule } from '../app.module';
import { ProjectionWriter } from '../projection/projection-writer.service';

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
    const queued = await writer.resetForReplay();
    while ((await writer.projectBatch(env.PROJECTION_BATCH_SIZE)).length > 0) {
      // keep going until nothing is left to claim
    }
    return { events: queued };
  } finally {
    await app.close();
  }
}
