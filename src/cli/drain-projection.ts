import { INestApplicationContext } from '@nestjs/common';
import { ProjectionQueueRepository } from '../log/projection-queue.repository';
import { ProjectionWriter } from '../projection/projection-writer.service';

/** A line after the first batch, then one every this often. */
const PROGRESS_INTERVAL_MS = 2000;

/**
 * Projects queued events with `loops` loops side by side until the queue is empty, calling
 * `onProgress` with the queue's depth every PROGRESS_INTERVAL_MS. Done when the queue is empty,
 * not when a claim comes back empty: serving replicas may still hold rows they claimed.
 */
export async function drainProjection(
  app: INestApplicationContext,
  loops: number,
  batchSize: number,
  onProgress: (queueDepth: number) => void | Promise<void>,
): Promise<void> {
  const writer = app.get(ProjectionWriter);
  const queue = app.get(ProjectionQueueRepository);
  let reportedAt = 0;
  const report = async () => {
    reportedAt = Date.now();
    await onProgress((await queue.stats()).depth);
  };
  const loop = async () => {
    while ((await writer.projectBatch(batchSize)).length > 0) {
      if (Date.now() - reportedAt >= PROGRESS_INTERVAL_MS) await report();
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  while ((await queue.stats()).depth > 0) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (Date.now() - reportedAt >= PROGRESS_INTERVAL_MS) await report();
  }
}
