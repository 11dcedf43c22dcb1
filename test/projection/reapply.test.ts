import { PROJECTION_TABLES } from '../../src/projection/tables';
import { query } from '../support/database';
import { eventFixtures } from '../support/fixtures';
import { generatedEvents } from '../support/generated-events';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { tableSnapshot } from '../support/model-snapshot';
import { ingest, projectStrictly } from '../support/projection';
import { generatedTrinoEvents } from '../support/trino-events.cjs';

/** Each row's version (xmin) and place (ctid): both change when an UPDATE writes the row, even to the same values. */
async function rowVersions(databaseUrl: string): Promise<Record<string, string[]>> {
  const versions: Record<string, string[]> = {};
  for (const table of PROJECTION_TABLES) {
    const rows = await query<{ v: string }>(databaseUrl, `SELECT xmin::text || ' ' || ctid::text AS v FROM ${table} ORDER BY 1`);
    versions[table] = rows.map((r) => r.v);
  }
  return versions;
}

describe('re-applying events already projected', () => {
  let store: InProcessApp;
  beforeAll(async () => {
    store = await startInProcessApp();
    await ingest(store, [...generatedEvents(300), ...generatedTrinoEvents(200, 'reapply')]);
    for (const file of eventFixtures()) await ingest(store, Array.isArray(file.json) ? file.json : [file.json]);
    await projectStrictly(store, 50);
  });
  afterAll(() => store.close());

  it('changes no row: every guard finds the stored row already holds what the events state', async () => {
    const model = await tableSnapshot(store.databaseUrl);
    const versions = await rowVersions(store.databaseUrl);
    for (const table of PROJECTION_TABLES) expect([table, versions[table].length > 0]).toEqual([table, true]);

    // The same events again, in other batches: each upsert's WHERE must refuse every row.
    await query(store.databaseUrl, 'INSERT INTO projection_queue (event_id) SELECT id FROM lineage_events ORDER BY id DESC');
    expect(await projectStrictly(store, 73)).toBeGreaterThan(500);

    expect(await rowVersions(store.databaseUrl)).toEqual(versions);
    expect(await tableSnapshot(store.databaseUrl)).toEqual(model);
  });
});
