import { fixture } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * Explicit lineage (the `lineage` facet, LineageFacet 1-0-0) through ingest, projection and the
 * graph API. The fixtures of test/fixtures/explicit-lineage/, in time order:
 *
 *   job-declared      JobEvent of analytics.build_summaries declaring
 *                       raw.customers -> build_summaries -> customer_summary (and customer_id <- raw.customers.id),
 *                       raw.orders -> build_summaries -> order_summary, ingest.orders -> order_summary,
 *                       build_summaries -> reports.publish (job -> job)
 *   dataset-declared  DatasetEvent: active_customers <- customer_summary (active_id <- customer_id)
 *   run-observed      a run of build_summaries observing raw.customers -> customer_summary (customer_id, region)
 *   dataset-cleared   DatasetEvent: active_customers with an empty `inputs`
 */
const PG = 'postgresql://warehouse:5432';
const AIRFLOW = 'airflow://production';
const ds = (name: string) => `dataset:${PG}:${name}`;
const job = (name: string) => `job:${AIRFLOW}:${name}`;
const event = (file: string) => fixture(`explicit-lineage/${file}`).json as Record<string, any>;
const short = (nodeId: string) => nodeId.replace(`dataset:${PG}:`, '').replace(`job:${AIRFLOW}:`, 'job ').replace(`datasetField:${PG}:`, '');

type Edge = { origin: string; destination: string; source: string };
type Graph = { graph: Array<{ id: string; inEdges: Edge[]; outEdges: Edge[]; data: any }> };

describe('explicit lineage in the graph and column lineage', () => {
  let store: InProcessApp;

  const get = async (path: string, params: Record<string, string>) => {
    const res = await store.request('GET', `${path}?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    return res.body as Graph;
  };
  /** Every edge of a table-level graph: `origin -> destination (source)`. */
  const tableEdges = async (nodeId: string, params: Record<string, string> = {}) =>
    (await get('/api/v1/lineage', { nodeId, depth: '5', ...params })).graph
      .flatMap((n) => n.outEdges.map((e) => `${short(e.origin)} -> ${short(e.destination)} (${e.source})`))
      .sort();
  /** Every field edge of a column-level graph, from its inputFields: `input -> output (source)`. */
  const fieldEdges = async (nodeId: string, params: Record<string, string> = {}) =>
    (await get('/api/v1/column-lineage', { nodeId, depth: '5', ...params })).graph
      .flatMap((n) =>
        n.data.inputFields.map(
          (i: any) => `${i.dataset}.${i.field} -> ${n.data.dataset}.${n.data.field} (${i.source}${i.transformationType ? `, ${i.transformationType}/${i.transformationSubtype}` : ''})`,
        ),
      )
      .sort();

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject([event('job-declared.json'), event('dataset-declared.json')]);
  });

  afterAll(async () => {
    await store.close();
  });

  it('draws static lineage from a JobEvent and a DatasetEvent without any run, every edge declared', async () => {
    expect(await tableEdges(ds('analytics.active_customers'), { direction: 'upstream' })).toEqual([
      'analytics.customer_summary -> analytics.active_customers (declared)',
      'job analytics.build_summaries -> analytics.customer_summary (declared)',
      'raw.customers -> job analytics.build_summaries (declared)',
      'raw.orders -> job analytics.build_summaries (declared)',
    ]);
    expect(await tableEdges(job('analytics.build_summaries'), { direction: 'downstream' })).toEqual([
      'analytics.customer_summary -> analytics.active_customers (declared)',
      'job analytics.build_summaries -> analytics.customer_summary (declared)',
      'job analytics.build_summaries -> analytics.order_summary (declared)',
      'job analytics.build_summaries -> job reports.publish (declared)',
    ]);
    expect(await tableEdges(ds('analytics.order_summary'), { direction: 'upstream', depth: '1' })).toEqual([
      'job analytics.build_summaries -> analytics.order_summary (declared)',
      'job ingest.orders -> analytics.order_summary (declared)',
      'raw.customers -> job analytics.build_summaries (declared)',
      'raw.orders -> job analytics.build_summaries (declared)',
    ]);
    const runs = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(AIRFLOW)}/jobs/analytics.build_summaries/runs`);
    expect(runs.body.runs).toEqual([]);
  });

  it('gives each node of a declared edge its data, a job named only by a declaration included', async () => {
    const body = await get('/api/v1/lineage', { nodeId: job('analytics.build_summaries'), depth: '1', direction: 'downstream' });
    const publish = body.graph.find((n) => n.id === job('reports.publish'))!;
    expect(publish.data).toMatchObject({ name: 'reports.publish', namespace: AIRFLOW, latestRun: null });
    expect(publish.inEdges).toEqual([{ origin: job('analytics.build_summaries'), destination: job('reports.publish'), source: 'declared' }]);
  });

  it('walks declared field lineage, a dataset facet feeding the fields of another directly', async () => {
    expect(await fieldEdges(ds('analytics.active_customers'))).toEqual([
      'analytics.customer_summary.customer_id -> analytics.active_customers.active_id (declared, DIRECT/IDENTITY)',
      'raw.customers.id -> analytics.customer_summary.customer_id (declared, DIRECT/IDENTITY)',
    ]);
  });

  it('marks an edge both declared and observed once a run observes it, and a newly observed one observed', async () => {
    await store.ingestAndProject([event('run-observed.json')]);
    expect(await tableEdges(ds('analytics.customer_summary'), { direction: 'upstream' })).toEqual([
      'job analytics.build_summaries -> analytics.customer_summary (both)',
      'raw.customers -> job analytics.build_summaries (both)',
      'raw.orders -> job analytics.build_summaries (declared)',
    ]);
    expect(await fieldEdges(ds('analytics.customer_summary'))).toEqual([
      'raw.customers.country -> analytics.customer_summary.region (observed, DIRECT/TRANSFORMATION)',
      'raw.customers.id -> analytics.customer_summary.customer_id (both, DIRECT/IDENTITY)',
    ]);
  });

  it('clears what a dataset declared when its facet declares an empty inputs, and still answers as of before', async () => {
    await store.ingestAndProject([event('dataset-cleared.json')]);
    expect(await tableEdges(ds('analytics.active_customers'), { direction: 'upstream' })).toEqual([]);
    expect(await fieldEdges(ds('analytics.active_customers'))).toEqual([]);
    const before = { asOf: '2026-05-06T08:00:00Z' };
    expect(await tableEdges(ds('analytics.active_customers'), { direction: 'upstream', depth: '1', ...before })).toContain(
      'analytics.customer_summary -> analytics.active_customers (declared)',
    );
    expect(await fieldEdges(ds('analytics.active_customers'), before)).toContain(
      'analytics.customer_summary.customer_id -> analytics.active_customers.active_id (declared, DIRECT/IDENTITY)',
    );
    expect(await tableEdges(ds('analytics.active_customers'), { direction: 'upstream', asOf: '2026-05-04T08:01:00Z' })).toEqual([]);
  });

  it("replaces a job's whole declaration with its next one, keeping what its runs observed", async () => {
    const redeclared = event('job-declared.json');
    redeclared.eventTime = '2026-05-07T08:00:00Z';
    redeclared.job.facets.lineage.entries = [{ namespace: PG, name: 'analytics.order_summary', type: 'DATASET', inputs: [] }];
    await store.ingestAndProject([redeclared]);
    expect(await tableEdges(job('analytics.build_summaries'), { depth: '1' })).toEqual([
      'job analytics.build_summaries -> analytics.customer_summary (observed)',
      'raw.customers -> job analytics.build_summaries (observed)',
    ]);
    expect(await fieldEdges(ds('analytics.customer_summary'))).toEqual([
      'raw.customers.country -> analytics.customer_summary.region (observed, DIRECT/TRANSFORMATION)',
      'raw.customers.id -> analytics.customer_summary.customer_id (observed, DIRECT/IDENTITY)',
    ]);
  });

  it('ends what a run observed when the job runs again without it', async () => {
    const next = event('run-observed.json');
    next.run.runId = '019e9a10-0000-7000-8000-00000000e102';
    next.eventTime = '2026-05-08T02:10:00Z';
    delete next.job.facets;
    next.inputs = [];
    next.outputs = [];
    await store.ingestAndProject([next]);
    expect(await tableEdges(job('analytics.build_summaries'), { depth: '1' })).toEqual([]);
    expect(await fieldEdges(ds('analytics.customer_summary'))).toEqual([]);
    expect(await fieldEdges(ds('analytics.customer_summary'), { asOf: '2026-05-07T12:00:00Z' })).toHaveLength(2);
  });

  it('documents the edge source in the OpenAPI document', async () => {
    const doc = (await store.request('GET', '/api/docs-json')).body;
    expect(doc.components.schemas.MarquezEdgeDto.properties.source.enum).toEqual(['observed', 'declared', 'both']);
    expect(doc.components.schemas.MarquezFieldInputDto.properties.source.enum).toEqual(['observed', 'declared', 'both']);
  });
});
