import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ProjectionQueueRepository } from '../../src/log/projection-queue.repository';
import { createDataSource } from '../../src/database/data-source';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const NS = 'trino://warehouse:8080';
const JOBS = 12;

const runEvents = (job: string) => {
  const runId = randomUUID();
  return ['START', 'COMPLETE'].map((eventType, i) => ({
    eventType,
    eventTime: new Date(Date.UTC(2026, 8, 1, 10, 0, i)).toISOString(),
    producer: 'https://github.com/trinodb/trino/tree/476',
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job: { namespace: NS, name: job },
    inputs: [{ namespace: NS, name: 'hive.raw.orders' }],
    outputs: [{ namespace: NS, name: `hive.mart.${job}` }],
  }));
};

describe('claiming the projection queue by job share', () => {
  let store: InProcessApp;
  let dataSource: DataSource;

  beforeAll(async () => {
    store = await startInProcessApp();
    for (let j = 0; j < JOBS; j++) {
      for (const event of [...runEvents(`query_${j}`), ...runEvents(`query_${j}`)]) {
        expect((await store.request('POST', '/api/v1/lineage', event)).status).toBe(201);
      }
    }
    dataSource = createDataSource({ url: store.databaseUrl, poolSize: 2, connectTimeoutMs: 5000 });
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await store.close();
  });

  it('splits the queue into disjoint shares that keep each job whole, and together hold every event', async () => {
    const queue = new ProjectionQueueRepository(dataSource);
    // Both claims held at once, in two open transactions, as two workers would.
    const runner = [dataSource.createQueryRunner(), dataSource.createQueryRunner()];
    try {
      await Promise.all(runner.map((r) => r.startTransaction()));
      const shares = await Promise.all(runner.map((r, index) => queue.claim(r.manager, 1000, { index, count: 2 })));
      const ids = shares.map((events) => events.map((e) => e.eventId));
      expect(ids[0].filter((id) => ids[1].includes(id))).toEqual([]);
      expect(ids[0].length + ids[1].length).toBe(JOBS * 4);
      const jobsOf = shares.map((events) => new Set(events.map((e) => e.jobName)));
      expect([...jobsOf[0]].filter((job) => jobsOf[1].has(job))).toEqual([]);
      // Twelve jobs in two shares by hash: both hold some.
      expect(jobsOf[0].size).toBeGreaterThan(0);
      expect(jobsOf[1].size).toBeGreaterThan(0);
    } finally {
      await Promise.all(runner.map(async (r) => (await r.rollbackTransaction(), await r.release())));
    }
  });
});
