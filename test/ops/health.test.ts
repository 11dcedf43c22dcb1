import { query } from '../support/database';
import { get } from '../support/http';
import { runCommand, startStore, StoreProcess } from '../support/store-process';
import { blockDatabase, jsonLines, migratedDatabase, unblockDatabase, waitFor } from './ops-support';

describe('probes: /health/live, /health/ready, healthcheck', () => {
  let store: StoreProcess | undefined;
  afterEach(async () => {
    await store?.stop();
    store = undefined;
  });

  it('liveness never touches PostgreSQL; readiness turns 503 naming `database` when it is unreachable, and recovers', async () => {
    const databaseUrl = await migratedDatabase('ops_health');
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', READINESS_TIMEOUT_MS: '300' });

    const ready = await get(`${store.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.body.details).toEqual({ shutdown: { status: 'up' }, database: { status: 'up' }, schema: { status: 'up' } });
    expect(runCommand(['healthcheck'], { PORT: String(store.port) }).status).toBe(0);

    await blockDatabase(databaseUrl);
    try {
      // Readiness: 503 and the body names the failing check.
      const notReady = await waitFor('readiness 503', async () => {
        const res = await get(`${store!.url}/health/ready`);
        return res.status === 503 ? res : undefined;
      });
      expect(notReady.body.status).toBe('error');
      expect(notReady.body.error.database.status).toBe('down');
      expect(typeof notReady.body.error.database.message).toBe('string');
      expect(notReady.body.error.shutdown).toBeUndefined();
      expect(runCommand(['healthcheck'], { PORT: String(store.port) }).status).toBe(1);

      // Liveness: 200 every time while PostgreSQL refuses every connection.
      for (let i = 0; i < 20; i++) {
        const live = await get(`${store.url}/health/live`);
        expect(live.status).toBe(200);
        expect(live.body).toEqual({ status: 'ok' });
      }
      const [{ n }] = await query<{ n: number }>(
        process.env.TEST_PG_ADMIN_URL!,
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [new URL(databaseUrl).pathname.slice(1)],
      );
      expect(n).toBe(0); // the database really had no connection while liveness answered
    } finally {
      await unblockDatabase(databaseUrl);
    }

    await waitFor('readiness 200 again', async () => (await get(`${store!.url}/health/ready`)).status === 200);
    expect(runCommand(['healthcheck'], { PORT: String(store.port) }).status).toBe(0);

    // One line when readiness changes, not one per probe.
    const readinessLines = await waitFor('the readiness lines', () => {
      const lines = jsonLines(store!.output).filter((l) => l.context === 'Readiness');
      return lines.length >= 2 ? lines : undefined;
    });
    expect(readinessLines.map((l) => l.msg)).toEqual(['readiness: not ready', 'readiness: ready again']);
    expect(readinessLines[0].failing.database.status).toBe('down');
  });

  it('readiness turns 503 naming `schema` when the database lacks a migration this build needs', async () => {
    const databaseUrl = await migratedDatabase('ops_schema');
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0' });
    const [applied] = await query<Record<string, unknown>>(databaseUrl, 'SELECT * FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await query(databaseUrl, 'DELETE FROM migrations WHERE id = $1', [applied.id]);
    try {
      const res = await get(`${store.url}/health/ready`);
      expect(res.status).toBe(503);
      expect(res.body.error.schema).toMatchObject({ status: 'down', message: 'the schema is behind; run `migrate`' });
      expect(res.body.error.schema.pending).toEqual([applied.name]);
      expect(res.body.info.database.status).toBe('up');
    } finally {
      await query(databaseUrl, 'INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [applied.id, applied.timestamp, applied.name]);
    }
    expect((await get(`${store.url}/health/ready`)).status).toBe(200);
  });
});
