import { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ProjectionQueueRepository } from '../../src/log/projection-queue.repository';
import { ProjectionApplier } from '../../src/projection/applier';
import { processEvents } from '../../src/projection/pipeline';
import { InProcessApp } from './in-process-app';

/** Posts events to the store's batch endpoint; fails the test unless every one is accepted. */
export async function ingest(store: InProcessApp, events: unknown[]): Promise<void> {
  for (let i = 0; i < events.length; i += 500) {
    const chunk = events.slice(i, i + 500);
    const res = await store.request('POST', '/api/v1/lineage/batch', chunk);
    if (res.status >= 300 || res.body?.summary?.successful !== chunk.length) {
      throw new Error(`ingest refused events: ${res.status} ${res.text.slice(0, 500)}`);
    }
  }
}

/**
 * Projects every queued event, `batchSize` at a time in queue order, without the writer's
 * set-aside path: any error fails the test instead of being logged.
 */
export async function projectStrictly(store: InProcessApp, batchSize = 1000): Promise<number> {
  const dataSource = store.app.get<DataSource>(getDataSourceToken());
  const queue = store.app.get(ProjectionQueueRepository);
  const applier = store.app.get(ProjectionApplier);
  let projected = 0;
  for (;;) {
    const n = await dataSource.transaction(async (manager) => {
      const events = await queue.claim(manager, batchSize);
      if (events.length === 0) return 0;
      await applier.apply(manager, processEvents(events));
      return events.length;
    });
    if (n === 0) return projected;
    projected += n;
  }
}
