import { query } from '../support/database';
import { eventFixtures } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const enc = encodeURIComponent;
const TRINO = 'trino://trino.analytics.test:8080';

/** The read API the web UI's browse pages use: runs across jobs, the log, namespace counts, activity by received time. */
describe('browse endpoints', () => {
  let store: InProcessApp;
  const events = eventFixtures().flatMap((f) => (Array.isArray(f.json) ? f.json : [f.json])) as Array<Record<string, any>>;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject(events);
  });

  afterAll(async () => {
    await store?.close();
  });

  const get = async (path: string) => {
    const res = await store.request('GET', path);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text}`);
    return res.body;
  };

  describe('GET /api/v1/runs', () => {
    it('lists the runs of every job, newest first seen first, each with its job', async () => {
      const body = await get('/api/v1/runs?limit=1000');
      const [{ n }] = await query<{ n: number }>(store.databaseUrl, 'SELECT count(*)::int AS n FROM runs');
      expect(body.totalCount).toBe(n);
      expect(body.runs).toHaveLength(n);
      const created = body.runs.map((r: any) => Date.parse(r.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));
      const jobs = new Set(body.runs.map((r: any) => r.job.name));
      expect(jobs).toContain('20260301_081500_00042_abcde');
    });

    it('keeps only the states asked for: the failed Trino INSERT', async () => {
      const body = await get('/api/v1/runs?states=FAILED');
      expect(body.runs.length).toBeGreaterThan(0);
      expect(body.runs.every((r: any) => r.state === 'FAILED')).toBe(true);
      expect(body.runs.map((r: any) => r.job.namespace)).toContain(TRINO);
      expect(body.totalCount).toBe(body.runs.length);
    });

    it('keeps only runs first seen since a time', async () => {
      const all = (await get('/api/v1/runs?limit=1000')).runs;
      const since = all[Math.floor(all.length / 2)].createdAt;
      const body = await get(`/api/v1/runs?limit=1000&since=${enc(since)}`);
      expect(body.runs.map((r: any) => r.id)).toEqual(all.filter((r: any) => r.createdAt >= since).map((r: any) => r.id));
    });

    it("keeps one job's runs, and answers 404 for a job it does not know", async () => {
      const dbt = events.find((e) => e.job?.name?.includes('.') && String(e.producer).includes('dbt'))!;
      const body = await get(`/api/v1/runs?jobNamespace=${enc(dbt.job.namespace)}&jobName=${enc(dbt.job.name)}`);
      expect(body.runs.length).toBeGreaterThan(0);
      expect(body.runs.every((r: any) => r.job.name === dbt.job.name && r.job.namespace === dbt.job.namespace)).toBe(true);
      const missing = await store.request('GET', `/api/v1/runs?jobNamespace=nowhere&jobName=nothing`);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('JOB_NOT_FOUND');
      const half = await store.request('GET', `/api/v1/runs?jobName=nothing`);
      expect(half.status).toBe(400);
    });

    it.each([['states=BROKEN', 'states'], ['since=yesterday', 'since'], ['limit=0', 'limit']])('answers 400 naming the parameter for %s', async (params, name) => {
      const res = await store.request('GET', `/api/v1/runs?${params}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_PARAMETER');
      expect(JSON.stringify(res.body.message)).toContain(name);
    });
  });

  describe('GET /api/v1/events', () => {
    it('lists the whole log newest received first, every kind, without payloads', async () => {
      const body = await get('/api/v1/events?limit=200');
      expect(body.totalCount).toBe(events.length);
      expect(body.events).toHaveLength(events.length);
      const ids = body.events.map((e: any) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(new Set(body.events.map((e: any) => e.eventKind))).toEqual(new Set(['run', 'job', 'dataset']));
      expect(body.events[0].event).toBeUndefined();
      expect(body.nextCursor).toBeNull();
    });

    it('pages by cursor, giving every event once in the same order', async () => {
      const all = (await get('/api/v1/events?limit=200')).events;
      const paged = [];
      let cursor: string | null = null;
      do {
        const page: any = await get(`/api/v1/events?limit=7${cursor ? `&cursor=${enc(cursor)}` : ''}`);
        expect(page.totalCount).toBe(all.length);
        paged.push(...page.events);
        cursor = page.nextCursor;
      } while (cursor);
      expect(paged).toEqual(all);
    });

    it('filters by kind, event type and job namespace', async () => {
      const failed = await get('/api/v1/events?eventType=FAIL');
      expect(failed.events.length).toBe(events.filter((e) => e.eventType === 'FAIL').length);
      const trino = await get(`/api/v1/events?namespace=${enc(TRINO)}&kind=run`);
      expect(trino.events.length).toBe(events.filter((e) => e.job?.namespace === TRINO && e.run).length);
      expect(trino.events.every((e: any) => e.jobNamespace === TRINO && e.eventKind === 'run')).toBe(true);
      const datasetEvents = await get('/api/v1/events?kind=dataset');
      expect(datasetEvents.events.length).toBeGreaterThan(0);
      expect(datasetEvents.events.every((e: any) => e.eventKind === 'dataset' && e.eventType === null)).toBe(true);
    });

    it("lists one run's events", async () => {
      const runId = events.find((e) => e.eventType === 'FAIL')!.run.runId;
      const body = await get(`/api/v1/events?runId=${runId}`);
      expect(body.events.length).toBe(events.filter((e) => e.run?.runId === runId).length);
      expect(body.events.every((e: any) => e.runId === runId)).toBe(true);
    });

    it('filters by received time: after inclusive, before exclusive', async () => {
      const all = (await get('/api/v1/events?limit=200')).events;
      const [{ cut }] = await query<{ cut: string }>(
        store.databaseUrl,
        `SELECT to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cut FROM lineage_events ORDER BY id OFFSET 10 LIMIT 1`,
      );
      const idsWhere = async (condition: string) =>
        (await query<{ id: string }>(store.databaseUrl, `SELECT id::text FROM lineage_events WHERE received_at ${condition} $1 ORDER BY lineage_events.id DESC`, [cut])).map((r) => r.id);
      const after = await get(`/api/v1/events?limit=200&after=${enc(cut)}`);
      const before = await get(`/api/v1/events?limit=200&before=${enc(cut)}`);
      expect(after.events.map((e: any) => e.id)).toEqual(await idsWhere('>='));
      expect(before.events.map((e: any) => e.id)).toEqual(await idsWhere('<'));
      expect(after.events.length).toBeGreaterThan(0);
      expect(before.events.length).toBeGreaterThan(0);
      expect(after.events.length + before.events.length).toBe(all.length);
    });

    it('bounds received time to the microsecond: an event received earlier in the same millisecond is not after it', async () => {
      // Two events received within one millisecond, 500 µs apart (set in this test's own database).
      const [{ id: first }, { id: second }] = await query<{ id: string }>(store.databaseUrl, 'SELECT id::text FROM lineage_events ORDER BY id LIMIT 2');
      const [{ at }] = await query<{ at: string }>(
        store.databaseUrl,
        `UPDATE lineage_events
            SET received_at = (SELECT date_trunc('milliseconds', received_at) FROM lineage_events WHERE id = $1)
                              + CASE id WHEN $1 THEN interval '0' ELSE interval '500 microseconds' END
          WHERE id IN ($1, $2)
          RETURNING to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id`,
        [first, second],
      ).then((rows) => rows.filter((r: any) => r.id === second));
      const after = (await get(`/api/v1/events?limit=200&after=${enc(at)}`)).events.map((e: any) => e.id);
      const before = (await get(`/api/v1/events?limit=200&before=${enc(at)}`)).events.map((e: any) => e.id);
      expect([after.includes(second), after.includes(first)]).toEqual([true, false]);
      expect([before.includes(first), before.includes(second)]).toEqual([true, false]);
    });

    it.each([['kind=table', 'kind'], ['eventType=DONE', 'eventType'], ['runId=42', 'runId'], ['after=today', 'after'], ['after=2026-W01-1T10:00:00Z', 'after'], ['limit=201', 'limit']])(
      'answers 400 naming the parameter for %s',
      async (params, name) => {
        const res = await store.request('GET', `/api/v1/events?${params}`);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body.message)).toContain(name);
      },
    );

    it('answers 400 BAD_CURSOR to a cursor it did not make', async () => {
      const res = await store.request('GET', '/api/v1/events?cursor=bm90LWEtY3Vyc29y');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_CURSOR');
    });
  });

  describe('GET /api/v1/stats/namespaces', () => {
    it("counts each namespace's jobs and datasets", async () => {
      const body = await get('/api/v1/stats/namespaces?limit=1000');
      const expected = await query<{ name: string; jobs: number; datasets: number }>(
        store.databaseUrl,
        `SELECT n.name, (SELECT count(*)::int FROM jobs j WHERE j.namespace = n.name) AS jobs,
                (SELECT count(*)::int FROM datasets d WHERE d.namespace = n.name) AS datasets
           FROM namespaces n ORDER BY n.name`,
      );
      expect(body.namespaces.map(({ name, jobs, datasets }: any) => ({ name, jobs, datasets }))).toEqual(expected);
      expect(body.totalCount).toBe(expected.length);
      expect(body.namespaces.find((n: any) => n.name === TRINO)).toMatchObject({ jobs: 3 });
    });
  });

  describe('GET /api/v1/stats/lineage-events?basis=received', () => {
    it('counts run events by when the store received them: all in the current hour', async () => {
      const received = await get('/api/v1/stats/lineage-events?period=DAY&basis=received');
      const [expected] = await query<Record<string, number>>(
        store.databaseUrl,
        `SELECT count(*) FILTER (WHERE event_type = 'START')::int AS start, count(*) FILTER (WHERE event_type = 'COMPLETE')::int AS complete,
                count(*) FILTER (WHERE event_type = 'FAIL')::int AS fail, count(*) FILTER (WHERE event_type = 'ABORT')::int AS abort
           FROM lineage_events WHERE event_kind = 'run'`,
      );
      const sum = (key: string) => received.reduce((total: number, b: any) => total + b[key], 0);
      expect({ start: sum('start'), complete: sum('complete'), fail: sum('fail'), abort: sum('abort') }).toEqual(expected);
      expect(expected.start).toBeGreaterThan(0);
    });

    it('still counts by event time without basis, as Marquez (the fixtures are dated before the last day)', async () => {
      const byEventTime = await get('/api/v1/stats/lineage-events?period=DAY');
      expect(byEventTime.reduce((total: number, b: any) => total + b.start + b.complete + b.fail + b.abort, 0)).toBe(0);
    });

    it('answers 400 to another basis', async () => {
      const res = await store.request('GET', '/api/v1/stats/lineage-events?period=DAY&basis=producer');
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.message)).toContain('basis');
    });
  });

  describe('GET /api/v1/jobs?q=', () => {
    it('keeps the jobs whose name contains the text, ignoring case, and counts them', async () => {
      const body = await get('/api/v1/jobs?q=00042_ABCDE');
      expect(body.jobs.map((j: any) => j.name).sort()).toEqual(['20260301_081500_00042_abcde']);
      expect(body.totalCount).toBe(1);
      const literal = await get(`/api/v1/jobs?q=${enc('%')}`);
      expect(literal.jobs).toEqual([]);
    });
  });

  describe('GET /api/v1/column-lineage datasetDependencies', () => {
    it("lists the dataset-level dependencies of the graph's datasets (Trino's `dataset` entries)", async () => {
      const body = await get(`/api/v1/column-lineage?nodeId=${enc(`dataset:${TRINO}:lake.sales.order_totals`)}`);
      expect(body.graph.map((n: any) => n.data.field)).toEqual(expect.arrayContaining(['custkey', 'total']));
      expect(body.datasetDependencies).toContainEqual(
        expect.objectContaining({ namespace: TRINO, dataset: 'lake.sales.order_totals', input: { namespace: TRINO, dataset: 'tpch.sf1.orders', field: 'custkey' } }),
      );
    });
  });
});
