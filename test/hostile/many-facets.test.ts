import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const NAMESPACE = 'facets://many';
/** As many facets as the array cap allows elements: an event under 1 MB. */
const FACETS = 10_000;
const manyFacets = (prefix: string) => Object.fromEntries(Array.from({ length: FACETS }, (_, i) => [`${prefix}${i}`, { _producer: 'https://example.com/p', i }]));
const RUN_ID = '019f7200-0000-7000-8000-000000005000';

/**
 * A hostile probe found that one small event with thousands of run facets made every later read
 * of its run hold the event loop, longer the more facets (docs/limits.md). Each read
 * merged a run's, job's or dataset's facet rows by copying the object per row. The reads must
 * answer with every facet.
 */
describe('an event with thousands of facets is read back whole', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject([
      {
        eventType: 'COMPLETE',
        eventTime: '2026-03-01T00:00:00Z',
        producer: 'https://example.com/p',
        run: { runId: RUN_ID, facets: manyFacets('run_') },
        job: { namespace: NAMESPACE, name: 'wide_job', facets: manyFacets('job_') },
        outputs: [{ namespace: NAMESPACE, name: 'wide_table', facets: manyFacets('dataset_') }],
      },
    ]);
  }, 120000);

  afterAll(async () => {
    await store?.close();
  });

  it("Marquez's run carries all its run facets", async () => {
    const { status, body } = await store.request('GET', `/api/v1/jobs/runs/${RUN_ID}`);
    expect(status).toBe(200);
    expect(Object.keys(body.facets).filter((name) => name.startsWith('run_'))).toHaveLength(FACETS);
    expect(body.facets.run_9999).toEqual({ _producer: 'https://example.com/p', i: 9999 });
  });

  it("Marquez's job list carries the job's facets and its latest run's", async () => {
    const { status, body } = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(NAMESPACE)}/jobs`);
    expect(status).toBe(200);
    const [job] = body.jobs;
    expect(Object.keys(job.facets).filter((name) => name.startsWith('job_'))).toHaveLength(FACETS);
    expect(Object.keys(job.latestRun.facets).filter((name) => name.startsWith('run_'))).toHaveLength(FACETS);
  });

  it("Marquez's dataset carries all its facets", async () => {
    const { status, body } = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(NAMESPACE)}/datasets/wide_table`);
    expect(status).toBe(200);
    expect(Object.keys(body.facets).filter((name) => name.startsWith('dataset_'))).toHaveLength(FACETS);
  });
});
