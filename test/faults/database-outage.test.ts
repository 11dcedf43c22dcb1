import { Client } from 'pg';
import { startLoad } from '../support/load';
import { OwnPostgres } from '../support/own-postgres';
import { get } from '../support/http';
import { runCommand, startStore, StoreProcess } from '../support/store-process';

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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForReadiness(store: StoreProcess, status: number, timeoutMs = 15000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await get(`${store.url}/health/ready`)).status !== status) {
    if (Date.now() > deadline) throw new Error(`readiness never became ${status}`);
    await sleep(100);
  }
}

describe('PostgreSQL stopped and started during load', () => {
  let pg: OwnPostgres;

  beforeEach(async () => {
    pg = await OwnPostgres.create();
    expect(runCommand(['migrate'], { DATABASE_URL: pg.url }).status).toBe(0);
  });

  afterEach(async () => {
    await pg.destroy();
  });

  it('sync: answers 503 + Retry-After within INGEST_TIMEOUT_MS while it is down, recovers by itself, loses nothing acknowledged', async () => {
    const store = await startStore({ DATABASE_URL: pg.url, INGEST_MODE: 'sync', INGEST_TIMEOUT_MS: String(INGEST_TIMEOUT_MS), READINESS_TIMEOUT_MS: '500' });
    try {
      const load = startLoad(store.url, 8);
      await sleep(500);
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
      await sleep(2000);
      const outageAnswers = load.outcomes.slice(duringOutage);
      await pg.start();
      await waitForReadiness(store, 200);
      const recovered = load.outcomes.length;
      await sleep(1000);
      const outcomes = await load.stop();

      // While down: only 503s, none slower than Trino's timeout, none a 500.
      expect(outageAnswers.length).toBeGreaterThan(0);
      expect(outageAnswers.every((o) => o.status === 503)).toBe(true);
      expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(TRINO_TIMEOUT_MS);
      expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503)).toEqual([]);
      // Back up without a restart: new events are stored again.
      expect(outcomes.slice(recovered).filter((o) => o.status === 201).length).toBeGreaterThan(0);
      const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.runId);
      const stored = await storedRunIds(pg.url, acknowledged);
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      const res = await fetch(`${store.url}/api/v1/lineage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(400);
    } finally {
      await store.stop();
    }
  });

  it('async: keeps accepting while it is down and writes the backlog once it is back', async () => {
    const store = await startStore({ DATABASE_URL: pg.url, INGEST_MODE: 'async', READINESS_TIMEOUT_MS: '500' });
    try {
      await pg.stop();
      await waitForReadiness(store, 503);
      const load = startLoad(store.url, 8);
      await sleep(1500);
      const duringOutage = await load.stop();
      const queued = duringOutage.filter((o) => o.status === 202).map((o) => o.runId);
      expect(queued.length).toBeGreaterThan(50);

      await pg.start();
      const deadline = Date.now() + 20000;
      let stored = new Set<string>();
      while (Date.now() < deadline && stored.size < queued.length) {
        await sleep(250);
        stored = await storedRunIds(pg.url, queued);
      }
      expect(queued.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await store.stop();
    }
  });

  it('async: answers 503 + Retry-After instead of waiting when the queue is full', async () => {
    const store = await startStore({ DATABASE_URL: pg.url, INGEST_MODE: 'async', ASYNC_QUEUE_MAX_EVENTS: '20' });
    try {
      await pg.stop();
      const load = startLoad(store.url, 4);
      // Until the queue is full (on a busy machine, filling it can take longer than a fixed pause).
      const deadline = Date.now() + 10000;
      while (Date.now() < deadline && !load.outcomes.some((o) => o.status === 503)) await sleep(50);
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
