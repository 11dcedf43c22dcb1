/**
 * The migration of an existing, unpartitioned log of 100,000 events: the table becomes the first
 * partition (not a copy), appends go on while it runs, duplicates of old events are still found,
 * and ids go on from where they were.
 */
import { DataSource } from 'typeorm';
import { migrate } from '../../src/cli/migrate';
import { dataSourceOptions } from '../../src/database/data-source';
import { loadSqlMigrations } from '../../src/database/sql-migrations';
import { MIGRATIONS_DIR } from '../../src/paths';
import { createDatabase, query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/** The partitioning migration's timestamp: the migrations before it are the previous release's. */
const PARTITIONING = 1796304106326;
const EVENTS = 100_000;

/** The database as the previous release left it: every migration before the partitioning. */
async function unpartitionedDatabase(): Promise<string> {
  const url = await createDatabase('log_migration');
  const before = loadSqlMigrations(MIGRATIONS_DIR).filter((m) => Number((new m().name ?? "").slice(-13)) < PARTITIONING);
  const dataSource = new DataSource({ ...dataSourceOptions({ url, poolSize: 1, connectTimeoutMs: 5000 }), migrations: before });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  return url;
}

/** Run events as a producer would have sent them, their hash the sha256 of their text, as ingest stores them. */
const GENERATED_EVENTS = `
  WITH e AS (
    SELECT i, gen_random_uuid() AS run_id,
           format('{"eventType":"COMPLETE","eventTime":"2026-01-01T00:00:00Z","producer":"p","schemaURL":"s","run":{"runId":"%s"},"job":{"namespace":"gen","name":"job_%s"},"inputs":[],"outputs":[]}',
                  gen_random_uuid(), i) AS text
      FROM generate_series(1, ${EVENTS}) AS i)
  INSERT INTO lineage_events (received_at, event_kind, event_type, event_time, run_id, job_namespace, job_name, content_hash, payload, payload_bytes)
  SELECT now() - interval '1 hour' * (${EVENTS} - i) / 1000, 'run', 'COMPLETE', '2026-01-01', run_id, 'gen', 'job_' || i,
         sha256(convert_to(text, 'UTF8')), text::json, octet_length(text)
    FROM e`;

describe('migrating an unpartitioned log', () => {
  let url: string;
  let appendedDuring = 0;
  let store: InProcessApp | undefined;

  beforeAll(async () => {
    url = await unpartitionedDatabase();
    await query(url, GENERATED_EVENTS);
    // Appends go on while the migration runs, as a serving store's would: each must succeed.
    let migrating = true;
    const appending = (async () => {
      while (migrating) {
        await query(
          url,
          `INSERT INTO lineage_events (event_kind, event_time, content_hash, payload, payload_bytes)
           VALUES ('job', now(), sha256(convert_to('during-' || $1, 'UTF8')), '{}', 2)`,
          [appendedDuring],
        );
        appendedDuring++;
      }
    })();
    try {
      await migrate({ url });
    } finally {
      migrating = false;
      await appending;
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it('makes the existing table the first partition, holding every event, and partitions ahead', async () => {
    const [table] = await query<{ kind: string }>(url, `SELECT relkind AS kind FROM pg_class WHERE oid = 'lineage_events'::regclass`);
    expect(table.kind).toBe('p');
    const partitions = await query<{ name: string; bound: string }>(
      url,
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'lineage_events'::regclass ORDER BY c.relname`,
    );
    expect(partitions[0]).toEqual({ name: 'lineage_events_initial', bound: expect.stringMatching(/^FOR VALUES FROM \(MINVALUE\) TO/) });
    expect(partitions.length).toBeGreaterThan(2);
    const [counts] = await query<{ initial: number; all: number }>(
      url,
      `SELECT (SELECT count(*) FROM lineage_events_initial)::int AS initial, (SELECT count(*) FROM lineage_events)::int AS all`,
    );
    expect(appendedDuring).toBeGreaterThan(0);
    expect(counts.all).toBe(EVENTS + appendedDuring);
    expect(counts.initial).toBe(EVENTS + appendedDuring);
  });

  it('knows every old event by its hash: sent again, it is a duplicate; a new one gets the next id', async () => {
    const [{ keys }] = await query<{ keys: number }>(
      url,
      `SELECT count(*)::int AS keys FROM lineage_events e JOIN lineage_event_keys k USING (content_hash) WHERE e.job_namespace = 'gen'`,
    );
    expect(keys).toBe(EVENTS);
    store = await startInProcessApp({}, url);
    const [old] = await query<{ text: string }>(url, `SELECT payload::text AS text FROM lineage_events WHERE job_name = 'job_77777'`);
    const again = await store.request('POST', '/api/v1/lineage', old.text);
    expect([again.status, again.body]).toEqual([200, { status: 'duplicate' }]);

    const fresh = JSON.parse(old.text);
    fresh.job.name = 'after_the_migration';
    expect((await store.request('POST', '/api/v1/lineage', fresh)).status).toBe(201);
    const [ids] = await query<{ newest: string; before: string }>(
      url,
      `SELECT (SELECT id FROM lineage_events WHERE job_name = 'after_the_migration')::text AS newest,
              (SELECT max(id) FROM lineage_events WHERE job_name <> 'after_the_migration' OR job_name IS NULL)::text AS before`,
    );
    expect(BigInt(ids.newest)).toBeGreaterThan(BigInt(ids.before));
  });
});
