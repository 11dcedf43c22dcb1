import { ORDERED_PROBE_ROWS } from '../../src/read/search/search.repository';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const NS = 'trino://warehouse:8080';
const COUNT = ORDERED_PROBE_ROWS * 2;

/** Dataset names: every third one says "orders"; "rare" only in names past the probe's reach. */
function nameOf(i: number): string {
  const padded = String(i).padStart(5, '0');
  if (i % 3 === 0) return `hive.sales.orders_${padded}`;
  if (i > COUNT - 30) return `hive.sales.zz_rare_${padded}`;
  return `hive.sales.t_${padded}`;
}

/** Search's order: lower-case name in byte order, then namespace. */
const byName = (a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

describe('GET /api/v1/search: the first page by name, whichever index finds it', () => {
  let store: InProcessApp;
  const names = Array.from({ length: COUNT }, (_, i) => nameOf(i));

  beforeAll(async () => {
    store = await startInProcessApp();
    const [{ id }] = await query<{ id: string }>(
      store.databaseUrl,
      `INSERT INTO lineage_events (event_kind, event_time, content_hash, payload, payload_bytes)
       VALUES ('dataset', now(), '\\x00', '{}', 2) RETURNING id`,
    );
    // Written to the read model directly: the searches are what this test is about.
    await query(
      store.databaseUrl,
      `INSERT INTO datasets (id, namespace, name, scheme, authority, kind, first_seen_at, last_seen_at, first_event_id)
       SELECT md5(n)::uuid, $1, n, 'trino', 'warehouse:8080', 'dataset', now(), now(), $2 FROM unnest($3::text[]) AS n`,
      [NS, id, names],
    );
    await query(store.databaseUrl, 'ANALYZE datasets');
  }, 120_000);

  afterAll(async () => {
    await store.close();
  });

  const search = async (q: string, limit: number) => {
    const res = await store.request('GET', `/api/v1/search?q=${encodeURIComponent(q)}&filter=DATASET&sort=NAME&limit=${limit}`);
    expect(res.status).toBe(200);
    return (res.body.results as Array<{ name: string }>).map((r) => r.name);
  };

  it('a common text: the first matches by name, found at the start of the name order', async () => {
    const expected = names.filter((n) => n.includes('orders')).sort(byName).slice(0, 20);
    expect(await search('ORDERS', 20)).toEqual(expected);
  });

  it('a text matching only names beyond the first ones by order: every match, from the trigram index', async () => {
    const expected = names.filter((n) => n.includes('rare')).sort(byName);
    expect(expected.length).toBe(19);
    expect(await search('rare', 50)).toEqual(expected);
    expect(await search('rare', 5)).toEqual(expected.slice(0, 5));
  });

  it('a text with fewer matches than asked for near the start: the same answer as a full scan', async () => {
    const expected = names.filter((n) => n.includes('t_0001')).sort(byName);
    expect(expected.length).toBeGreaterThan(0);
    expect(await search('t_0001', 100)).toEqual(expected);
  });
});
