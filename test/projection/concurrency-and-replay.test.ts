import { PROJECTION_TABLES } from '../../src/projection/tables';
import { query, waitForProjection } from '../support/database';
import { eventFixtures } from '../support/fixtures';
import { generatedEvents } from '../support/generated-events';
import { get, post } from '../support/http';
import { migratedDatabase } from '../support/migrated-database';
import { tableSnapshot as snapshot } from '../support/model-snapshot';
import { runCommand, startStore, StoreProcess } from '../support/store-process';
import { waitFor } from '../support/wait-for';
import { generatedTrinoEvents } from '../support/trino-events.cjs';

const EVENTS = 3000;
/** START and COMPLETE/FAIL pairs with schemas, column lineage and tags: every model table, contended. */
const TRINO_EVENTS = 1000;

async function projectedBy(store: StoreProcess): Promise<number> {
  const metrics = await fetch(`${store.url}/metrics`).then((r) => r.text());
  const line = metrics.split('\n').find((l) => l.startsWith('metadata_store_projected_events_total'));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('projection under concurrency and replay', () => {
  let databaseUrl: string;
  const stores: StoreProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await migratedDatabase('projection');
    // Fill the log with nobody projecting, so the workers below start on a full queue.
    const writer = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
    stores.push(writer);
    const events = [...generatedEvents(EVENTS), ...generatedTrinoEvents(TRINO_EVENTS, 'concurrency')];
    for (let i = 0; i < events.length; i += 500) {
      const res = await post(`${writer.url}/api/v1/lineage/batch`, events.slice(i, i + 500));
      expect(res.body.summary.successful).toBe(Math.min(500, events.length - i));
    }
    for (const file of eventFixtures()) {
      const res = Array.isArray(file.json)
        ? await post(`${writer.url}/api/v1/lineage/batch`, file.text)
        : await post(`${writer.url}/api/v1/lineage`, file.text);
      expect(res.status).toBeLessThan(300);
    }
    await writer.stop();
  });

  afterAll(async () => {
    await Promise.all(stores.map((s) => s.stop()));
  });

  it('two replicas with two workers each project every event exactly once, without deadlocks', async () => {
    const [{ n: queued }] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM projection_queue');
    expect(queued).toBeGreaterThan(EVENTS + TRINO_EVENTS);
    // Replicas start on a full queue: on a loaded machine readiness takes a while.
    const env = { DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '2', PROJECTION_BATCH_SIZE: '25', READINESS_TIMEOUT_MS: '20000' };
    const [a, b] = await Promise.all([startStore(env, { readyTimeoutMs: 180000 }), startStore(env, { readyTimeoutMs: 180000 })]);
    stores.push(a, b);
    await waitForProjection(databaseUrl, 300000);
    // A worker counts its batch once the batch has committed: the queue can be empty a moment
    // before the last count. Exactly once: the counts reach the queued events, and no more.
    const counted = () => Promise.all([projectedBy(a), projectedBy(b)]);
    await waitFor('every projected batch counted', async () => (await counted()).reduce((x, y) => x + y) >= queued);
    const [byA, byB] = await counted();
    expect(byA + byB).toBe(queued);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    expect([...a.output, ...b.output].filter((l) => /deadlock|projection batch failed/i.test(l))).toEqual([]);

    const [{ n: links }] = await query<{ n: number }>(
      databaseUrl,
      'SELECT count(*)::int AS n FROM lineage_events e WHERE NOT EXISTS (SELECT 1 FROM event_datasets ed WHERE ed.event_id = e.id) AND json_array_length(coalesce(e.payload->\'outputs\', \'[]\')) > 0',
    );
    expect(links).toBe(0);

    // Every run in the log has its row, its state from its terminal event, its datasets, and a
    // finished run the job version of that event.
    const [model] = await query<{ runs: number; logged: number; unfinished: number; unversioned: number; versions: number; jobs: number; loggedJobs: number }>(
      databaseUrl,
      `SELECT (SELECT count(*)::int FROM runs) AS runs,
              (SELECT count(DISTINCT run_id)::int FROM lineage_events WHERE run_id IS NOT NULL) AS logged,
              (SELECT count(*)::int FROM runs r WHERE r.state NOT IN ('COMPLETE', 'FAIL', 'ABORT')
                  AND EXISTS (SELECT 1 FROM lineage_events e WHERE e.run_id = r.id AND e.event_type IN ('COMPLETE', 'FAIL', 'ABORT'))) AS unfinished,
              (SELECT count(*)::int FROM runs r WHERE r.state IN ('COMPLETE', 'FAIL', 'ABORT')
                  AND NOT EXISTS (SELECT 1 FROM job_versions v WHERE v.id = r.job_version_id AND v.job_id = r.job_id)) AS unversioned,
              (SELECT count(*)::int FROM job_versions) AS versions,
              (SELECT count(*)::int FROM jobs) AS jobs,
              (SELECT count(DISTINCT (job_namespace, job_name))::int FROM lineage_events WHERE job_name IS NOT NULL) AS "loggedJobs"`,
    );
    expect(model.runs).toBeGreaterThanOrEqual(model.logged);
    expect(model.unfinished).toBe(0);
    expect(model.unversioned).toBe(0);
    expect(model.versions).toBeGreaterThan(0);
    expect(model.jobs).toBeGreaterThanOrEqual(model.loggedJobs);
  }, 600000);

  it('`reproject` rebuilds identical tables from the log, the same as the concurrent pass', async () => {
    await Promise.all(stores.map((s) => s.stop()));
    const concurrent = await snapshot(databaseUrl);
    expect(concurrent.datasets.length).toBeGreaterThan(40);
    for (const table of PROJECTION_TABLES) expect([table, concurrent[table].length > 0]).toEqual([table, true]);

    const result = runCommand(['reproject'], { DATABASE_URL: databaseUrl }, 300000);
    expect(result.status).toBe(0);
    const [{ n: logged }] = await query<{ n: number }>(databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events');
    expect(result.stdout).toContain(`reprojected ${logged.toLocaleString("en-US")} event(s)`);
    const serial = await snapshot(databaseUrl);
    expect(serial).toEqual(concurrent);

    // a replay by three interleaving workers in small batches gives the same again
    await query(databaseUrl, `TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
    await query(databaseUrl, 'INSERT INTO projection_queue (event_id) SELECT id FROM lineage_events');
    const store = await startStore(
      { DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '3', PROJECTION_BATCH_SIZE: '15', READINESS_TIMEOUT_MS: '20000' },
      { readyTimeoutMs: 180000 },
    );
    stores.push(store);
    await waitForProjection(databaseUrl, 300000);
    expect((await get(`${store.url}/health/ready`)).status).toBe(200);
    expect(await snapshot(databaseUrl)).toEqual(concurrent);
  }, 900000);
});
