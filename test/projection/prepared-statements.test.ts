import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PROJECTION_DATABASE } from '../../src/database/database.module';
import { ProjectionQueueRepository } from '../../src/log/projection-queue.repository';
import { ProjectionApplier } from '../../src/projection/applier';
import { processEvents } from '../../src/projection/pipeline';
import { generatedEvents } from '../support/generated-events';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { ingest } from '../support/projection';

describe('the projection statements on a connection', () => {
  let store: InProcessApp;
  beforeAll(async () => {
    store = await startInProcessApp();
  });
  afterAll(() => store.close());

  it('are prepared once, one upsert per table, and reused by every later batch', async () => {
    await ingest(store, generatedEvents(20));
    const dataSource = store.app.get<DataSource>(getDataSourceToken(PROJECTION_DATABASE));
    const queue = store.app.get(ProjectionQueueRepository);
    const applier = store.app.get(ProjectionApplier);
    const prepared = (manager: EntityManager): Promise<Array<{ name: string; statement: string }>> =>
      manager.query(`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'projection\\_%' ORDER BY name`);

    const { afterFirst, afterAll, batches } = await dataSource.transaction(async (manager) => {
      let afterFirst: Array<{ name: string; statement: string }> = [];
      let batches = 0;
      for (;;) {
        const events = await queue.claim(manager, 5);
        if (events.length === 0) break;
        await applier.apply(manager, processEvents(events));
        if (++batches === 1) afterFirst = await prepared(manager);
      }
      return { afterFirst, afterAll: await prepared(manager), batches };
    });

    expect(batches).toBe(4);
    expect(afterFirst.length).toBeGreaterThan(5);
    expect(afterAll).toEqual(afterFirst);
    for (const { statement } of afterAll) expect(statement).toMatch(/^INSERT INTO (\w+) AS x .* FROM jsonb_to_recordset\(\$1::jsonb\)/s);
    // One statement per table: no derivation reads another table after it.
    const tables = afterAll.map(({ statement }) => /^INSERT INTO (\w+)/.exec(statement)![1]);
    expect(new Set(tables).size).toBe(tables.length);
  });
});
