import { randomUUID } from 'node:crypto';
import { register } from 'prom-client';
import { reproject } from '../../src/cli/reproject';
import { loadEnvironment } from '../../src/core/config/environment';
import { countEvents, query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

const NS = 'postgres://warehouse:5432';
const OTHER_NS = 'postgres://lake:5432';

/** A COMPLETE run event of `job` reading `inputs` and writing `outputs` (dataset names in NS unless given as [ns, name]). */
function run(job: string, inputs: Array<string | [string, string]>, outputs: Array<string | [string, string]>, eventTime = '2026-06-01T10:00:00Z') {
  const dataset = (d: string | [string, string]) => (Array.isArray(d) ? { namespace: d[0], name: d[1] } : { namespace: NS, name: d });
  return {
    eventType: 'COMPLETE',
    eventTime,
    producer: 'https://example.com/etl',
    run: { runId: randomUUID() },
    job: { namespace: NS, name: job },
    inputs: inputs.map(dataset),
    outputs: outputs.map(dataset),
  };
}

const enc = encodeURIComponent;

describe('deletion, as Marquez’s UI does it', () => {
  let store: InProcessApp;

  const datasetNames = async (ns = NS) => (await store.request('GET', `/api/v1/namespaces/${enc(ns)}/datasets`)).body.datasets.map((d: any) => d.name).sort();
  const jobNames = async () => (await store.request('GET', `/api/v1/namespaces/${enc(NS)}/jobs`)).body.jobs.map((j: any) => j.name).sort();
  const cockpitNames = async () => (await store.request('GET', '/api/v1/datasets?limit=100')).body.datasets.map((d: any) => d.name).sort();
  const searchNames = async (q: string) => (await store.request('GET', `/api/v1/search?q=${enc(q)}`)).body.results.map((r: any) => r.name).sort();
  const graphIds = async (nodeId: string) => (await store.request('GET', `/api/v1/lineage?nodeId=${enc(nodeId)}&depth=10`)).body.graph.map((n: any) => n.id);
  const namespaceNames = async () => (await store.request('GET', '/api/v1/namespaces')).body.namespaces.map((n: any) => n.name).sort();

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject([
      run('load_orders', ['raw.orders'], ['staging.orders']),
      run('build_mart', ['staging.orders'], ['mart.orders']),
      run('export_orders', ['mart.orders'], [[OTHER_NS, 'lake.orders']]),
    ]);
  });
  afterAll(() => store.close());

  it('a dataset leaves lists, search and the graph; the log keeps every event; a newer event brings it back', async () => {
    expect(await datasetNames()).toEqual(['mart.orders', 'raw.orders', 'staging.orders']);
    const events = await countEvents(store.databaseUrl);

    const deleted = await store.request('DELETE', `/api/v1/namespaces/${enc(NS)}/datasets/staging.orders`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ name: 'staging.orders', namespace: NS, deleted: true });

    expect(await datasetNames()).toEqual(['mart.orders', 'raw.orders']);
    expect((await store.request('GET', `/api/v1/namespaces/${enc(NS)}/datasets`)).body.totalCount).toBe(2);
    expect(await cockpitNames()).not.toContain('staging.orders');
    expect(await searchNames('orders')).not.toContain('staging.orders');
    // The graph around load_orders stops at the hidden dataset: build_mart is reached only through it.
    const graph = await graphIds(`job:${NS}:load_orders`);
    expect(graph).toContain(`dataset:${NS}:raw.orders`);
    expect(graph).not.toContain(`dataset:${NS}:staging.orders`);
    expect(graph).not.toContain(`job:${NS}:build_mart`);
    // Asked for by name, it is still there; the log is untouched.
    expect((await store.request('GET', `/api/v1/namespaces/${enc(NS)}/datasets/staging.orders`)).status).toBe(200);
    expect(await countEvents(store.databaseUrl)).toBe(events);

    // An event newer than the deletion names it again.
    await store.ingestAndProject([run('load_orders', ['raw.orders'], ['staging.orders'], new Date(Date.now() + 60_000).toISOString())]);
    expect(await datasetNames()).toEqual(['mart.orders', 'raw.orders', 'staging.orders']);
    expect(await graphIds(`job:${NS}:load_orders`)).toContain(`job:${NS}:build_mart`);
  });

  it('a job leaves the job list, search and the graph', async () => {
    const deleted = await store.request('DELETE', `/api/v1/namespaces/${enc(NS)}/jobs/build_mart`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ name: 'build_mart', namespace: NS });
    expect(await jobNames()).toEqual(['export_orders', 'load_orders']);
    expect(await searchNames('build')).toEqual([]);
    expect(await graphIds(`dataset:${NS}:mart.orders`)).not.toContain(`job:${NS}:build_mart`);
  });

  it('a namespace leaves the namespace list with its datasets and jobs', async () => {
    const deleted = await store.request('DELETE', `/api/v1/namespaces/${enc(OTHER_NS)}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ name: OTHER_NS, isHidden: true });
    expect(await namespaceNames()).toEqual([NS]);
    expect(await datasetNames(OTHER_NS)).toEqual([]);
    expect(await cockpitNames()).not.toContain('lake.orders');
  });

  it('`reproject` keeps every hiding', async () => {
    const before = { datasets: await datasetNames(), jobs: await jobNames(), namespaces: await namespaceNames(), cockpit: await cockpitNames() };
    register.clear();
    try {
      await reproject(loadEnvironment({ DATABASE_URL: store.databaseUrl, LOG_LEVEL: 'warn', PROJECTION_WORKERS: '1' }), { url: store.databaseUrl });
    } finally {
      register.clear();
    }
    expect({ datasets: await datasetNames(), jobs: await jobNames(), namespaces: await namespaceNames(), cockpit: await cockpitNames() }).toEqual(before);
    expect(before.jobs).not.toContain('build_mart');
    expect(before.namespaces).not.toContain(OTHER_NS);
  });

  it.each([
    [`/api/v1/namespaces/${enc(NS)}/datasets/no.such`, 'DATASET_NOT_FOUND'],
    [`/api/v1/namespaces/${enc(NS)}/jobs/no_such`, 'JOB_NOT_FOUND'],
    [`/api/v1/namespaces/${enc('nowhere://x')}`, 'NAMESPACE_NOT_FOUND'],
  ])('DELETE %s of nothing gets a 404 %s, and records nothing', async (url, code) => {
    const deletions = async () => (await query(store.databaseUrl, 'SELECT id FROM node_deletions')).length;
    const before = await deletions();
    const res = await store.request('DELETE', url);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(code);
    expect(await deletions()).toBe(before);
  });
});
