import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { enc, getMarquez } from './marquez-store';

/**
 * Run hierarchy (ParentRunFacet `parent` and `root`) and job types (JobTypeJobFacet) as the API
 * shows them: a run's parent, root and children, a job's parent job and type, and a streaming job
 * that never finishes in the lineage graph.
 */
const AIRFLOW = 'airflow://scheduler';
const SPARK = 'spark://cluster';
const FLINK = 'flink://jobmanager:8081';
const KAFKA = 'kafka://broker:9092';
const PG = 'postgres://db:5432';

const DAG_RUN = '01939d4a-0000-7000-8000-0000000000d1';
const TASK_A = '01939d4a-0000-7000-8000-0000000000a1';
const TASK_B = '01939d4a-0000-7000-8000-0000000000b1';
const APP_RUN = '01939d4a-0000-7000-8000-0000000000e1';
const SPARK_JOB_RUN = '01939d4a-0000-7000-8000-0000000000e2';
const STAGE_RUN = '01939d4a-0000-7000-8000-0000000000e3';
const STREAM_RUN = '01939d4a-0000-7000-8000-0000000000f1';

const PRODUCER = 'https://example.com/producer';
const facet = (body: object) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-0-0/Facet.json', ...body });
const jobType = (processingType: string, integration: string, type: string) => ({ jobType: facet({ processingType, integration, jobType: type }) });
const runRef = (runId: string, namespace: string, name: string) => ({ run: { runId }, job: { namespace, name } });

function event(eventType: string, minute: number, runId: string, job: object, extra: Record<string, unknown> = {}) {
  const { runFacets, ...rest } = extra as { runFacets?: object };
  return {
    eventType,
    eventTime: `2026-11-20T10:${String(minute).padStart(2, '0')}:00Z`,
    producer: PRODUCER,
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId, facets: runFacets ?? {} },
    job,
    inputs: [],
    outputs: [],
    ...rest,
  };
}

const dag = { namespace: AIRFLOW, name: 'daily', facets: jobType('BATCH', 'AIRFLOW', 'DAG') };
const task = (name: string) => ({ namespace: AIRFLOW, name: `daily.${name}`, facets: jobType('BATCH', 'AIRFLOW', 'TASK') });
const app = { namespace: SPARK, name: 'etl_app', facets: jobType('BATCH', 'SPARK', 'APPLICATION') };
const sparkJob = { namespace: SPARK, name: 'etl_app.write_orders', facets: jobType('BATCH', 'SPARK', 'JOB') };
const stage = { namespace: SPARK, name: 'etl_app.write_orders.stage_1', facets: {} };
const stream = { namespace: FLINK, name: 'orders_to_pg', facets: jobType('STREAMING', 'FLINK', 'JOB') };

function events() {
  const dagParent = { parent: facet(runRef(DAG_RUN, AIRFLOW, 'daily')) };
  return [
    // The DAG's task runs name it as parent (and root) before the DAG run's own events arrive.
    event('START', 1, TASK_A, task('extract'), { runFacets: { parent: facet({ ...runRef(DAG_RUN, AIRFLOW, 'daily'), root: runRef(DAG_RUN, AIRFLOW, 'daily') }) } }),
    event('COMPLETE', 2, TASK_A, task('extract'), { runFacets: dagParent }),
    event('START', 3, TASK_B, task('load'), { runFacets: dagParent }),
    event('COMPLETE', 4, TASK_B, task('load'), { runFacets: dagParent }),
    event('START', 0, DAG_RUN, dag),
    event('COMPLETE', 5, DAG_RUN, dag),
    // Spark: application -> job (root named) -> stage (no root named: the top of its chain).
    event('START', 10, APP_RUN, app),
    event('START', 11, SPARK_JOB_RUN, sparkJob, { runFacets: { parent: facet({ ...runRef(APP_RUN, SPARK, 'etl_app'), root: runRef(APP_RUN, SPARK, 'etl_app') }) } }),
    event('COMPLETE', 12, STAGE_RUN, stage, { runFacets: { parent: facet(runRef(SPARK_JOB_RUN, SPARK, 'etl_app.write_orders')) } }),
    // A streaming job: START and RUNNING only, never finished.
    event('START', 20, STREAM_RUN, stream, {
      inputs: [{ namespace: KAFKA, name: 'orders' }],
      outputs: [{ namespace: PG, name: 'public.orders_live' }],
    }),
    event('RUNNING', 21, STREAM_RUN, stream, {
      inputs: [{ namespace: KAFKA, name: 'orders' }],
      outputs: [{ namespace: PG, name: 'public.orders_live' }],
    }),
  ];
}

describe('run hierarchy and job types', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject(events());
  });

  afterAll(async () => {
    await store?.close();
  });

  const run = (id: string) => getMarquez(store, `/api/v1/jobs/runs/${id}`, 'Run');

  it("gives a run its job, parent and root run, each with its job", async () => {
    const taskA = await run(TASK_A);
    expect(taskA.job).toEqual({ namespace: AIRFLOW, name: 'daily.extract' });
    expect(taskA.parentRun).toEqual({ id: DAG_RUN, job: { namespace: AIRFLOW, name: 'daily' } });
    expect(taskA.rootRun).toEqual({ id: DAG_RUN, job: { namespace: AIRFLOW, name: 'daily' } });
    const dagRun = await run(DAG_RUN);
    expect(dagRun).toMatchObject({ state: 'COMPLETED', parentRun: null, rootRun: null });
  });

  it('takes the root the facet names, else the top of the parent chain', async () => {
    const sparkJobRun = await run(SPARK_JOB_RUN);
    expect(sparkJobRun.rootRun).toEqual({ id: APP_RUN, job: { namespace: SPARK, name: 'etl_app' } });
    const stageRun = await run(STAGE_RUN);
    expect(stageRun.parentRun).toEqual({ id: SPARK_JOB_RUN, job: { namespace: SPARK, name: 'etl_app.write_orders' } });
    expect(stageRun.rootRun).toEqual({ id: APP_RUN, job: { namespace: SPARK, name: 'etl_app' } });
  });

  it("lists a run's children, oldest first, and 404 for an unknown run", async () => {
    const children = await store.request('GET', `/api/v1/jobs/runs/${DAG_RUN}/children`);
    expect(children.status).toBe(200);
    expect(children.body.totalCount).toBe(2);
    expect(children.body.runs.map((r: any) => [r.id, r.job.name, r.state])).toEqual([
      [TASK_A, 'daily.extract', 'COMPLETED'],
      [TASK_B, 'daily.load', 'COMPLETED'],
    ]);
    const page = await store.request('GET', `/api/v1/jobs/runs/${DAG_RUN}/children?limit=1&offset=1`);
    expect(page.body.runs.map((r: any) => r.id)).toEqual([TASK_B]);
    expect((await store.request('GET', `/api/v1/jobs/runs/${TASK_A}/children`)).body).toEqual({ runs: [], totalCount: 0 });
    expect((await store.request('GET', '/api/v1/jobs/runs/01939d4a-0000-7000-8000-000000000000/children')).body.code).toBe('RUN_NOT_FOUND');
    expect((await store.request('GET', '/api/v1/jobs/runs/not-a-uuid/children')).body.code).toBe('INVALID_PARAMETER');
  });

  it("shows a job's parent job and its jobType facet", async () => {
    const taskJob = await getMarquez(store, `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/daily.extract`, 'Job');
    expect(taskJob).toMatchObject({
      type: 'BATCH',
      processingType: 'BATCH',
      integration: 'AIRFLOW',
      jobType: 'TASK',
      parentJobName: 'daily',
      parentJob: { namespace: AIRFLOW, name: 'daily' },
      simpleName: 'extract',
    });
    const dagJob = await getMarquez(store, `/api/v1/namespaces/${enc(AIRFLOW)}/jobs/daily`, 'Job');
    expect(dagJob).toMatchObject({ jobType: 'DAG', parentJob: null, parentJobName: null });
    const stageJob = await getMarquez(store, `/api/v1/namespaces/${enc(SPARK)}/jobs/${enc('etl_app.write_orders.stage_1')}`, 'Job');
    expect(stageJob).toMatchObject({ processingType: null, integration: null, jobType: null, type: 'BATCH', parentJob: { namespace: SPARK, name: 'etl_app.write_orders' } });
  });

  it('puts a streaming job that only started and ran in the lineage graph, with its inputs and outputs', async () => {
    const streamJob = await getMarquez(store, `/api/v1/namespaces/${enc(FLINK)}/jobs/orders_to_pg`, 'Job');
    expect(streamJob).toMatchObject({ type: 'STREAM', processingType: 'STREAMING', integration: 'FLINK', jobType: 'JOB' });
    expect(streamJob.latestRun.state).toBe('RUNNING');
    const graph = await store.request('GET', `/api/v1/lineage?nodeId=${enc(`dataset:${KAFKA}:orders`)}&direction=downstream`);
    expect(graph.status).toBe(200);
    const jobNode = graph.body.graph.find((n: any) => n.type === 'JOB');
    expect(jobNode.id).toBe(`job:${FLINK}:orders_to_pg`);
    expect(jobNode.data).toMatchObject({ type: 'STREAM', processingType: 'STREAMING', inputs: [{ namespace: KAFKA, name: 'orders' }], outputs: [{ namespace: PG, name: 'public.orders_live' }] });
    expect(jobNode.inEdges).toEqual([{ origin: `dataset:${KAFKA}:orders`, destination: jobNode.id }]);
    expect(jobNode.outEdges).toEqual([{ origin: jobNode.id, destination: `dataset:${PG}:public.orders_live` }]);
  });

  it('names the parent job in lineage node data, so the graph can group child jobs under it', async () => {
    const graph = await store.request('GET', `/api/v1/lineage?nodeId=${enc(`job:${SPARK}:etl_app.write_orders.stage_1`)}`);
    expect(graph.status).toBe(200);
    expect(graph.body.graph.map((n: any) => [n.id, n.data.parentJob])).toEqual([
      [`job:${SPARK}:etl_app.write_orders.stage_1`, { namespace: SPARK, name: 'etl_app.write_orders' }],
    ]);
  });
});
