import { InProcessApp } from '../support/in-process-app';
import { query } from '../support/database';
import { enc, getMarquez, storeWithLineage } from './marquez-store';

const NOW = Date.now();
const RUN_EVENTS = 6;

describe('Marquez /events/lineage and /stats', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await storeWithLineage(NOW);
  });

  afterAll(async () => {
    await store?.close();
  });

  describe('GET /api/v1/events/lineage', () => {
    it('lists run events only, newest first, as received, counting run events only', async () => {
      const body = await getMarquez(store, '/api/v1/events/lineage', 'LineageEventList');
      expect(body.events).toHaveLength(RUN_EVENTS);
      expect(body.totalCount).toBe(RUN_EVENTS);
      expect(body.events.every((e: any) => typeof e.run.runId === 'string')).toBe(true);
      const times = body.events.map((e: any) => Date.parse(e.eventTime));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(body.events[0].eventType).toBe('FAIL');
      expect(body.events[0].run.facets.errorMessage.message).toBe('Table not found');
      const [{ n }] = await query<{ n: number }>(store.databaseUrl, 'SELECT count(*)::int AS n FROM lineage_events');
      expect(n).toBe(RUN_EVENTS + 2);
    });

    it('takes after inclusive and before exclusive, and counts the same window', async () => {
      const all = (await getMarquez(store, '/api/v1/events/lineage?sortDirection=asc', 'LineageEventList')).events;
      const [, second, , fourth] = all.map((e: any) => e.eventTime);
      const body = await getMarquez(store, `/api/v1/events/lineage?sortDirection=asc&after=${enc(second)}&before=${enc(fourth)}`, 'LineageEventList');
      expect(body.events.map((e: any) => e.eventTime)).toEqual([all[1].eventTime, all[2].eventTime]);
      expect(body.totalCount).toBe(2);
    });

    it('pages by offset as Marquez and by cursor, giving every event once in the same order', async () => {
      const all = (await getMarquez(store, '/api/v1/events/lineage', 'LineageEventList')).events;
      const byOffset = [];
      for (let offset = 0; offset < RUN_EVENTS; offset += 4) {
        byOffset.push(...(await getMarquez(store, `/api/v1/events/lineage?limit=4&offset=${offset}`, 'LineageEventList')).events);
      }
      const byCursor = [];
      let cursor: string | null = null;
      do {
        const page: any = await getMarquez(store, `/api/v1/events/lineage?limit=4${cursor ? `&cursor=${enc(cursor)}` : ''}`, 'LineageEventList');
        expect(page.totalCount).toBe(RUN_EVENTS);
        byCursor.push(...page.events);
        cursor = page.nextCursor;
      } while (cursor);
      expect(byOffset).toEqual(all);
      expect(byCursor).toEqual(all);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['offset=10001', 'offset'],
      ['offset=-1', 'offset'],
      ['sortDirection=up', 'sortDirection'],
      ['after=yesterday', 'after'],
      ['before=2026-01-01T00:00:00', 'before'],
      ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ])('answers 400 naming the parameter for %s', async (params, name) => {
      const res = await store.request('GET', `/api/v1/events/lineage?${params}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(name);
    });
  });

  describe('GET /api/v1/stats/lineage-events', () => {
    it('DAY: 24 hourly UTC buckets ending with the current hour, counting run events by type', async () => {
      const body = await getMarquez(store, '/api/v1/stats/lineage-events?period=DAY&timezone=Europe/Berlin', 'LineageEventStats');
      expect(body).toHaveLength(24);
      const hour = new Date(Math.floor(NOW / 3_600_000) * 3_600_000).toISOString().replace('.000Z', 'Z');
      expect(body[23].startInterval).toBe(hour);
      expect(Date.parse(body[1].startInterval) - Date.parse(body[0].startInterval)).toBe(3_600_000);
      const sum = (key: string) => body.reduce((total: number, b: any) => total + b[key], 0);
      expect({ start: sum('start'), complete: sum('complete'), fail: sum('fail'), abort: sum('abort') }).toEqual({
        start: 3,
        complete: 2,
        fail: 1,
        abort: 0,
      });
    });

    it('WEEK: 7 local days in the time zone, labelled with local midnight written as UTC', async () => {
      const zone = 'Pacific/Kiritimati'; // UTC+14: its local day differs from the UTC day half the time
      const body = await getMarquez(store, `/api/v1/stats/lineage-events?period=WEEK&timezone=${zone}`, 'LineageEventStats');
      expect(body).toHaveLength(7);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(NOW));
      expect(body[6].startInterval).toBe(`${today}T00:00:00Z`);
      expect(body.every((b: any) => b.startInterval.endsWith('T00:00:00Z'))).toBe(true);
      const total = body.reduce((n: number, b: any) => n + b.start + b.complete + b.fail + b.abort, 0);
      expect(total).toBe(RUN_EVENTS);
    });

    it.each([
      ['', 'period'],
      ['period=MONTH', 'period'],
      ['period=WEEK', 'timezone'],
      ['period=WEEK&timezone=Mars/Olympus', 'timezone'],
    ])('answers 400 naming the parameter for "%s"', async (params, name) => {
      const res = await store.request('GET', `/api/v1/stats/lineage-events?${params}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain(name);
    });
  });

  describe('GET /api/v1/stats/{datasets,jobs,sources}', () => {
    it('counts cumulatively: the last bucket holds everything first seen by now', async () => {
      const datasets = await getMarquez(store, '/api/v1/stats/datasets?period=DAY', 'CountStats');
      expect(datasets).toHaveLength(24);
      expect(datasets[23].count).toBe(3); // orders, totals, customers
      expect(datasets[0].count).toBe(0);
      const counts = datasets.map((b: any) => b.count);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => a - b));

      const jobs = await getMarquez(store, '/api/v1/stats/jobs?period=WEEK&timezone=UTC', 'CountStats');
      expect(jobs[6].count).toBe(4); // the DAG, its task, the Trino query, the job that never ran
      const sources = await getMarquez(store, '/api/v1/stats/sources?period=DAY', 'CountStats');
      expect(sources[23].count).toBe(1);
    });
  });
});
