import { InProcessApp } from '../support/in-process-app';
import { AIRFLOW, DAG_RUN, PG, TASK_RUN, TRINO, TRINO_RUN } from './lineage-fixture';
import { enc, getMarquez, storeWithLineage } from './marquez-store';

const NOW = Date.now();
const TASK = 'daily_totals.sum_orders';
const TRINO_JOB = '20261201_000001_00001_abcde';

describe('Marquez endpoints over the lineage model', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await storeWithLineage(NOW);
  });

  afterAll(async () => {
    await store?.close();
  });

  it('GET /namespaces lists job and dataset namespaces by name', async () => {
    const body = await getMarquez(store, '/api/v1/namespaces', 'NamespaceList');
    expect(body.namespaces.map((n: any) => n.name)).toEqual([AIRFLOW, PG, TRINO].sort());
    await getMarquez(store, `/api/v1/namespaces/${enc(PG)}`, 'Namespace');
    expect((await store.request('GET', `/api/v1/namespaces/${enc('nope://x')}`)).status).toBe(404);
  });

  describe('datasets', () => {
    it('lists a namespace by name with current fields, facets, tags, version and column lineage', async () => {
      const body = await getMarquez(store, `/api/v1/namespaces/${enc(PG)}/datasets`, 'DatasetList');
      expect(body.totalCount).toBe(3);
      expect(body.datasets.map((d: any) => d.name)).toEqual(['public.customers', 'public.orders', 'public.totals']);
      const totals = body.datasets[2];
      expect(totals.fields).toEqual([
        { name: 'total', type: 'DECIMAL', tags: ['finance'], description: null },
        { name: 'day', type: 'DATE', tags: [], description: null },
      ]);
      expect(totals.tags).toEqual(['PII']);
      expect(totals.description).toBe('Daily totals');
      expect(totals.sourceName).toBe('orders-db');
      expect(Object.keys(totals.facets).sort()).toEqual(['columnLineage', 'dataSource', 'documentation', 'schema', 'tags']);
      expect(totals.currentVersion).toMatch(/^[0-9a-f-]{36}$/);
      expect(totals.lastModifiedAt).not.toBeNull();
      expect(totals.columnLineage).toEqual([
        {
          name: 'total',
          inputFields: [
            {
              namespace: PG,
              dataset: 'public.orders',
              field: 'amount',
              transformationDescription: 'sum',
              transformationType: 'INDIRECT',
              transformationSubtype: 'AGGREGATION',
              masking: false,
              source: 'observed',
            },
          ],
          transformationDescription: null,
          transformationType: null,
        },
      ]);
      const customers = body.datasets[0];
      expect(customers).toMatchObject({ fields: [], currentVersion: null, columnLineage: null, sourceName: PG });
    });

    it('serves one dataset, its versions and one version', async () => {
      const orders = await getMarquez(store, `/api/v1/namespaces/${enc(PG)}/datasets/public.orders`, 'Dataset');
      expect(orders.fields.map((f: any) => [f.name, f.type, f.description])).toEqual([
        ['id', 'INTEGER', null],
        ['amount', 'DECIMAL', 'in EUR'],
      ]);
      const versions = await getMarquez(store, `/api/v1/namespaces/${enc(PG)}/datasets/public.totals/versions`, 'DatasetVersionList');
      expect(versions.totalCount).toBe(1);
      const [version] = versions.versions;
      expect(version.createdByRun).toMatchObject({ id: TASK_RUN, state: 'COMPLETED' });
      const one = await getMarquez(store, `/api/v1/namespaces/${enc(PG)}/datasets/public.totals/versions/${version.version}`, 'DatasetVersion');
      expect(one).toEqual(version);
      expect((await store.request('GET', `/api/v1/namespaces/${enc(PG)}/datasets/public.totals/versions/not-a-uuid`)).status).toBe(400);
      expect((await store.request('GET', `/api/v1/namespaces/${enc(PG)}/datasets/public.totals/versions/${TASK_RUN}`)).status).toBe(404);
      expect((await store.request('GET', `/api/v1/namespaces/${enc(PG)}/datasets/public.nope`)).status).toBe(404);
    });
  });

  describe('jobs and runs', () => {
    it('GET /jobs lists every job newest first; a job that never ran has latestRuns null', async () => {
      const body = await getMarquez(store, '/api/v1/jobs?limit=10&offset=0', 'JobList');
      expect(body.totalCount).toBe(4);
      expect(body.jobs.map((j: any) => j.name)).toEqual(['never_ran', TRINO_JOB, 'daily_totals', TASK]);
      const neverRan = body.jobs[0];
      expect(neverRan).toMatchObject({ latestRun: null, latestRuns: null, tags: [] });
      const trino = body.jobs[1];
      expect(trino.latestRun).toMatchObject({ id: TRINO_RUN, state: 'FAILED' });
      expect(trino.latestRun.durationMs).toBe(5 * 60_000);
    });

    it('filters on the latest run state without reducing totalCount', async () => {
      const failed = await getMarquez(store, '/api/v1/jobs?lastRunStates=FAILED', 'JobList');
      expect(failed.jobs.map((j: any) => j.name)).toEqual(['never_ran', TRINO_JOB]);
      expect(failed.totalCount).toBe(4);
      const done = await getMarquez(store, '/api/v1/jobs?lastRunStates=COMPLETED&lastRunStates=ABORTED', 'JobList');
      expect(done.jobs.map((j: any) => j.name)).toEqual(['never_ran', 'daily_totals', TASK]);
      expect((await store.request('GET', '/api/v1/jobs?lastRunStates=DONE')).status).toBe(400);
    });

    it('serves one job with its parent, facets, current inputs and outputs, and its runs', async () => {
      const job = await getMarquez(store, `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/${enc(TASK)}`, 'Job');
      expect(job).toMatchObject({
        type: 'BATCH',
        simpleName: 'sum_orders',
        parentJobName: 'daily_totals',
        description: 'Sums the orders of a day',
        location: 'https://git.example.com/dags/daily_totals.py',
        inputs: [{ namespace: PG, name: 'public.orders' }],
        outputs: [{ namespace: PG, name: 'public.totals' }],
        tags: ['finance'],
      });
      expect(job.latestRuns).toHaveLength(1);
      expect(job.latestRun).toMatchObject({ id: TASK_RUN, state: 'COMPLETED', durationMs: 10 * 60_000 });
      expect(job.latestRun.nominalStartTime).toBe(new Date(NOW - 60 * 60_000).toISOString());
      expect(job.latestRun.inputDatasetVersions.map((v: any) => v.datasetVersionId.name)).toEqual(['public.orders']);

      const inNamespace = await getMarquez(store, `/api/v1/namespaces/${enc(AIRFLOW)}/jobs?limit=20&offset=0`, 'JobList');
      expect(inNamespace.jobs.map((j: any) => j.name)).toEqual(['never_ran', 'daily_totals', TASK]);
      expect(inNamespace.totalCount).toBe(3);

      const runs = await getMarquez(store, `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/${enc(TASK)}/runs?limit=14&offset=0`, 'RunList');
      expect(runs).toMatchObject({ totalCount: 1, runs: [{ id: TASK_RUN }] });
      expect((await store.request('GET', `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/nope`)).status).toBe(404);
      expect((await store.request('GET', `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/nope/runs`)).status).toBe(404);
    });

    it('serves one run and its run or job facets', async () => {
      const run = await getMarquez(store, `/api/v1/jobs/runs/${TRINO_RUN}`, 'Run');
      expect(run).toMatchObject({ state: 'FAILED', endedAt: new Date(NOW - 10 * 60_000).toISOString() });
      const runFacets = await getMarquez(store, `/api/v1/jobs/runs/${TRINO_RUN}/facets?type=run`, 'FacetsResult');
      expect(runFacets.facets.errorMessage.message).toBe('Table not found');
      const jobFacets = await getMarquez(store, `/api/v1/jobs/runs/${TASK_RUN}/facets?type=job`, 'FacetsResult');
      expect(jobFacets.facets.sql.query).toContain('INSERT INTO public.totals');
      const dag = await getMarquez(store, `/api/v1/jobs/runs/${DAG_RUN}`, 'Run');
      expect(dag.state).toBe('COMPLETED');
      expect((await store.request('GET', `/api/v1/jobs/runs/${TRINO_RUN}/facets?type=dataset`)).status).toBe(400);
      expect((await store.request('GET', `/api/v1/jobs/runs/${TRINO_RUN}/facets`)).status).toBe(400);
      expect((await store.request('GET', '/api/v1/jobs/runs/not-a-uuid')).status).toBe(400);
      expect((await store.request('GET', '/api/v1/jobs/runs/01939d4a-0000-7000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('search and tags', () => {
    it('matches q as literal text anywhere in job and dataset names', async () => {
      const body = await getMarquez(store, '/api/v1/search?q=TOTALS&sort=NAME&limit=100', 'SearchResultList');
      expect(body.results.map((r: any) => r.nodeId)).toEqual([
        `job:${AIRFLOW}:daily_totals`,
        `job:${AIRFLOW}:${TASK}`,
        `dataset:${PG}:public.totals`,
      ]);
      expect(body.totalCount).toBe(3);
      const datasets = await getMarquez(store, '/api/v1/search?q=totals&filter=DATASET&sort=UPDATE_AT', 'SearchResultList');
      expect(datasets.results.map((r: any) => r.type)).toEqual(['DATASET']);
      const lower = await getMarquez(store, '/api/v1/search?q=totals&filter=job&sort=updated_at', 'SearchResultList');
      expect(lower.results.every((r: any) => r.type === 'JOB')).toBe(true);
      for (const pattern of ['%', 'public_orders', 'total%']) {
        expect((await getMarquez(store, `/api/v1/search?q=${enc(pattern)}`, 'SearchResultList')).results).toEqual([]);
      }
      const short = await getMarquez(store, '/api/v1/search?q=Da&sort=NAME', 'SearchResultList');
      expect(short.results.map((r: any) => r.name)).toEqual(['daily_totals', TASK]);
      expect((await getMarquez(store, '/api/v1/search?q=_', 'SearchResultList')).results).toEqual([]);
      for (const [params, name] of [['', 'q'], ['q=x&filter=RUN', 'filter'], ['q=x&sort=SIZE', 'sort'], ['q=x&limit=201', 'limit']]) {
        const res = await store.request('GET', `/api/v1/search?${params}`);
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body.message)).toContain(name);
      }
    });

    it('GET /tags lists every tag name once', async () => {
      const body = await getMarquez(store, '/api/v1/tags', 'TagList');
      expect(body.tags).toHaveLength(2);
      expect(body.tags).toEqual(expect.arrayContaining([
        { name: 'PII', description: null },
        { name: 'finance', description: null },
      ]));
    });
  });

  it('GET /api/v1/datasets/{id} adds current fields, version, facets and the jobs that read and write it', async () => {
    const listed = (await store.request('GET', `/api/v1/datasets?namespace=${enc(PG)}&q=orders`)).body.datasets;
    const res = await store.request('GET', `/api/v1/datasets/${listed[0].id}`);
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual([
      { name: 'id', type: 'INTEGER', description: null, tags: [] },
      { name: 'amount', type: 'DECIMAL', description: 'in EUR', tags: [] },
    ]);
    expect(res.body.currentVersion.version).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.sourceName).toBe('orders-db');
    expect(res.body.readBy.map((j: any) => j.name)).toEqual([TRINO_JOB, TASK]);
    expect(res.body.writtenBy).toEqual([]);
  });
});
