import { randomUUID } from 'node:crypto';
import { query } from '../support/database';
import { migratedDatabase } from '../support/migrated-database';
import { startStore, StoreProcess } from '../support/store-process';
import { percentile } from './probes';

const DATASETS = 100_000;

/** Many datasets in the read model, written directly: the searches are what this test is about. */
async function seedDatasets(databaseUrl: string): Promise<void> {
  const [{ id }] = await query<{ id: string }>(
    databaseUrl,
    `INSERT INTO lineage_events (event_kind, event_time, content_hash, payload, payload_bytes)
     VALUES ('dataset', now(), '\\x00', '{}', 2) RETURNING id`,
  );
  await query(
    databaseUrl,
    `INSERT INTO datasets (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id)
     SELECT md5(i::text)::uuid, 'trino://warehouse:8080', 'hive.sales.table_' || i, 'trino', 'warehouse:8080', 'dataset', now(), now(), $1
       FROM generate_series(1, ${DATASETS}) i`,
    [id],
  );
  await query(databaseUrl, 'ANALYZE datasets');
}

const event = () => ({
  eventTime: new Date().toISOString(),
  eventType: 'COMPLETE',
  producer: 'https://example.com/producer',
  run: { runId: randomUUID() },
  job: { namespace: 'trino://warehouse:8080', name: 'query' },
  outputs: [{ namespace: 'trino://warehouse:8080', name: 'hive.sales.new_table' }],
});

describe('reads cannot starve ingest', () => {
  let databaseUrl: string;
  let store: StoreProcess;

  beforeAll(async () => {
    databaseUrl = await migratedDatabase('starve');
    await seedDatasets(databaseUrl);
    store = await startStore({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });
  }, 300_000);

  afterAll(async () => {
    await store?.stop();
  });

  it('30 concurrent unindexable searches and ingest at 20 events/s: no ingest 503, readiness 200 throughout, no 500', async () => {
    const durationMs = 10_000;
    const deadline = Date.now() + durationMs;
    const searchStatuses: number[] = [];
    const ingestStatuses: number[] = [];
    const ingestMs: number[] = [];
    const readiness: number[] = [];
    const request = async (path: string, init?: RequestInit) => {
      try {
        const res = await fetch(`${store.url}${path}`, { ...init, signal: AbortSignal.timeout(15000) });
        await res.arrayBuffer();
        return res.status;
      } catch {
        return 0;
      }
    };

    // Two-character searches (no index serves them) and three-character ones matching nothing.
    const terms = ['zq', 'q', 'xyz', '_9', 'qqq'];
    const searchers = Array.from({ length: 30 }, async (_, i) => {
      while (Date.now() < deadline) {
        searchStatuses.push(await request(`/api/v1/datasets?q=${encodeURIComponent(terms[i % terms.length])}`));
      }
    });
    // On a schedule: a send that is late (a busy test process) is made up at once, so the rate holds.
    const ingest = (async () => {
      const sends: Array<Promise<void>> = [];
      const started = Date.now();
      for (let i = 0; i < durationMs / 50; i++) {
        const wait = started + i * 50 - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const sent = Date.now();
        sends.push(
          request('/api/v1/lineage', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event()) }).then((status) => {
            ingestStatuses.push(status);
            ingestMs.push(Date.now() - sent);
          }),
        );
      }
      await Promise.all(sends);
    })();
    // Every 250 ms, each on its own, as a kubelet does (a slow answer does not delay the next poll).
    const probes = (async () => {
      const polls: Array<Promise<void>> = [];
      for (let i = 0; i < durationMs / 250; i++) {
        polls.push(request('/health/ready').then((status) => void readiness.push(status)));
        await new Promise((r) => setTimeout(r, 250));
      }
      await Promise.all(polls);
    })();
    await Promise.all([...searchers, ingest, probes]);

    const count = (list: number[], status: number) => list.filter((s) => s === status).length;
    console.log('reads vs ingest', {
      searches: searchStatuses.length,
      searchStatuses: { ok: count(searchStatuses, 200), busy: count(searchStatuses, 503), other: searchStatuses.filter((s) => s !== 200 && s !== 503) },
      ingest: ingestStatuses.length,
      ingestP99Ms: percentile(ingestMs, 99),
      readinessPolls: readiness.length,
    });
    expect(ingestStatuses).toHaveLength(durationMs / 50);
    expect(ingestStatuses.filter((s) => s !== 201)).toEqual([]);
    expect(readiness.filter((s) => s !== 200)).toEqual([]);
    expect(searchStatuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(count(searchStatuses, 200)).toBeGreaterThan(0);
  });

  it('pages through a short search without ever scanning the whole table, and finds every match', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: Response = await fetch(`${store.url}/api/v1/datasets?q=_1999&limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const body = (await res.json()) as { datasets: Array<{ name: string }>; nextCursor: string | null };
      expect(res.status).toBe(200);
      seen.push(...body.datasets.map((d: { name: string }) => d.name));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    // `_1999` has five characters: the trigram index serves it in one page.
    const expected = ['1999', ...Array.from({ length: 10 }, (_, i) => `1999${i}`)];
    expect(pages).toBe(1);
    expect(seen.sort()).toEqual(expected.map((n) => `hive.sales.table_${n}`).sort());

    const shortSeen: string[] = [];
    cursor = null;
    pages = 0;
    do {
      const url: string = `${store.url}/api/v1/datasets?q=zq&limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await (await fetch(url)).json()) as { datasets: Array<{ name: string }>; nextCursor: string | null };
      shortSeen.push(...body.datasets.map((d: { name: string }) => d.name));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    // No dataset name holds `zq`: 50 windows of 2,000, each answered on its own.
    expect(shortSeen).toEqual([]);
    expect(pages).toBe(DATASETS / 2000 + 1);
  });
});
