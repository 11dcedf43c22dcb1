import { query } from '../support/database';
import { startLoad } from '../support/load';
import { migratedDatabase } from '../support/migrated-database';
import { startStore } from '../support/store-process';
import { waitFor } from '../support/wait-for';

async function storedRunIds(databaseUrl: string, runIds: string[]): Promise<Set<string>> {
  const rows = await query<{ run_id: string }>(databaseUrl, 'SELECT run_id FROM lineage_events WHERE run_id = ANY($1::uuid[])', [runIds]);
  return new Set(rows.map((r) => r.run_id));
}


describe('no acknowledged event is lost', () => {
  it('kill -9 during sync load: every event answered 201 is stored', async () => {
    const databaseUrl = await migratedDatabase('kill9');
    const store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'sync' });
    const load = startLoad(store.url, 32);
    await waitFor('over 500 acknowledged events', () => load.acknowledged().length > 500, 60000);
    store.child.kill('SIGKILL');
    await store.exited;
    const outcomes = await load.stop();

    const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.runId);
    const stored = await storedRunIds(databaseUrl, acknowledged);
    expect(acknowledged.length).toBeGreaterThan(500);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    expect(outcomes.some((o) => o.status === 0)).toBe(true); // the kill did cut requests off
  });

  it('SIGTERM during async load: every event answered 202 is stored before the process exits 0', async () => {
    const databaseUrl = await migratedDatabase('asyncdrain');
    const store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'async', SHUTDOWN_DELAY_MS: '300' });
    const load = startLoad(store.url, 32);
    await waitFor('over 500 acknowledged events', () => load.acknowledged().length > 500, 60000);
    store.child.kill('SIGTERM');
    const exitCode = await store.exited;
    const outcomes = await load.stop();

    expect(exitCode).toBe(0);
    const acknowledged = outcomes.filter((o) => o.status === 202).map((o) => o.runId);
    const stored = await storedRunIds(databaseUrl, acknowledged);
    expect(acknowledged.length).toBeGreaterThan(500);
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
