import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { startLoad } from '../support/load';
import { OwnPostgres } from '../support/own-postgres';
import { get } from '../support/http';
import { migrate } from '../../src/cli/migrate';
import { startStore, StoreProcess } from '../support/store-process';
import { waitFor } from '../support/wait-for';

const INGEST_TIMEOUT_MS = 1500;
/** Trino's own timeout: an answer later than this is a stalled query. */
const TRINO_TIMEOUT_MS = 5000;

async function storedRunIds(databaseUrl: string, runIds: string[]): Promise<Set<string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT run_id FROM lineage_events WHERE run_id = ANY($1::uuid[])', [runIds]);
    return new Set(rows.map((r) => r.run_id));
  } finally {
    await client.end();
  }
}

async function waitForReadiness(store: StoreProcess, status: number, timeoutMs = 15000): Promise<void> {
  await waitFor(`readiness ${status}`, async () => (await get(`${store.url}/health/ready`)).status === status, timeoutMs, 100);
}

describe('PostgreSQL stopped and started during load', () => {
  /** One PostgreSQL for the file (a cluster takes seconds to create); each test has a database of its own on it. */
  let pg: OwnPostgres;
  let databaseUrl: string;

  beforeAll(async () => {
    pg = await OwnPostgres.create();
  });

  afterAll(async () => {
    await pg?.destroy();
  });

  beforeEach(async () => {
    const name = `outage_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: pg.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    await migrate({ url: databaseUrl });
  });

  afterEach(async () => {
    if (pg.pid === undefined) await pg.start(); // a test that failed during its outage
  });

  it('sync: answers 503 + Retry-After within INGEST_TIMEOUT_MS while it is down, recovers by itself, loses nothing acknowledged', async () => {
    const store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'sync', INGEST_TIMEOUT_MS: String(INGEST_TIMEOUT_MS), READINESS_TIMEOUT_MS: '500' });
    try {
      const load = startLoad(store.url, 8);
      await waitFor('the load to be acknowledged', () => load.outcomes.some((o) => o.status === 201));
      await pg.stop();
      await waitForReadiness(store, 503);
      const duringOutage = load.outcomes.length;
      const refused = await fetch(`${store.url}/api/v1/lineage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventTime: '2026-01-01T00:00:00Z', job: { namespace: 'n', name: 'outage' } }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      await waitFor('answers during the outage', () => load.outcomes.length >= duringOutage + 16);
      const outageAnswers = load.outcomes.slice(duringOutage);
      await pg.start();
      await waitForReadiness(store, 200);
      const recovered = load.outcomes.length;
      await waitFor('events stored again', () => load.outcomes.slice(recovered).filter((o) => o.status === 201).length >= 8);
      const outcomes = await load.stop();

      // While down: only 503s, none slower than Trino's timeout, none a 500.
      expect(outageAnswers.length).toBeGreaterThan(0);
      expect(outageAnswers.every((o) => o.status === 503)).toBe(true);
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(TRINO_TIMEOUT_MS);
      expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
      // Back up without a restart: new events are stored again.
      expect(outcomes.slice(recovered).filter((o) => o.status === 201).length).toBeGreaterThan(0);
      const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.runId);
      const stored = await storedRunIds(databaseUrl, acknowledged);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      const res = await fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
    } finally {
      await store.stop();
    }
  });

  it('async: keeps accepting while it is down and writes the backlog once it is back', async () => {
    const store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'async', READINESS_TIMEOUT_MS: '500' });
    try {
      await pg.stop();
      await waitForReadiness(store, 503);
      const load = startLoad(store.url, 8);
      await waitFor('events queued during the outage', () => load.outcomes.filter((o) => o.status === 202).length > 50);
      const duringOutage = await load.stop();
      const queued = duringOutage.filter((o) => o.status === 202).map((o) => o.runId);
      expect(queued.length).toBeGreaterThan(50);

      await pg.start();
      const stored = await waitFor('the backlog to be written', async () => {
        const ids = await storedRunIds(databaseUrl, queued);
        return ids.size >= queued.length && ids;
      }, 20000, 250).catch(() => storedRunIds(databaseUrl, queued)); // the assertion below says which are missing
      expect(queued.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await store.stop();
    }
  });

  it('async: answers 503 + Retry-After instead of waiting when the queue is full', async () => {
    const store = await startStore({ DATABASE_URL: databaseUrl, INGEST_MODE: 'async', ASYNC_QUEUE_MAX_EVENTS: '20' });
    try {
      await pg.stop();
      const load = startLoad(store.url, 4);
      await waitFor('the queue to be full', () => load.outcomes.some((o) => o.status === 503), 10000, 50).catch(() => undefined); // the assertions below say what came instead
      const outcomes = await load.stop();
      expect(outcomes.filter((o) => o.status === 202)).toHaveLength(20);
      const full = await fetch(`${store.url}/api/v1/lineage`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventTime: '2026-01-01T00:00:00Z', job: { namespace: 'n', name: 'j' } }),
      });
      expect(full.status).toBe(503);
      expect(full.headers.get('retry-after')).toBe('1');
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(1000);
      await pg.start();
    } finally {
      await store.stop();
    }
  });
});
