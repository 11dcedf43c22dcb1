import { eventFixtures } from '../support/fixtures';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { ingest, projectStrictly } from '../support/projection';

describe('projecting every producer fixture', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
  });

  afterAll(async () => {
    await store.close();
  });

  it('projects every event into every table without an error', async () => {
    const events = eventFixtures().flatMap((f) => (Array.isArray(f.json) ? f.json : [f.json]));
    await ingest(store, events);
    expect(await projectStrictly(store, 50)).toBe(events.length);
    const counts = await query<{ t: string; n: number }>(
      store.databaseUrl,
      `SELECT 'jobs' t, count(*)::int n FROM jobs UNION ALL SELECT 'runs', count(*) FROM runs
       UNION ALL SELECT 'versions', count(*) FROM dataset_versions UNION ALL SELECT 'edges', count(*) FROM lineage_edges
       UNION ALL SELECT 'column edges', count(*) FROM column_lineage_edges UNION ALL SELECT 'run facets', count(*) FROM run_facets`,
    );
    for (const c of counts) expect([c.t, c.n > 0]).toEqual([c.t, true]);
  });
});
