import { get, post } from '../support/http';
import { migratedDatabase, parseMetrics, runEvent, sampleValue } from './ops-support';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

describe('BASE_PATH', () => {
  let store: InProcessServer | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('BASE_PATH=lineage/ moves the API, the OpenAPI document and the UI under /lineage; probes, /version and /metrics stay at the root', async () => {
    const databaseUrl = await migratedDatabase('ops_base');
    store = await startInProcessServer({ BASE_PATH: 'lineage/' }, databaseUrl);
    const base = `${store.url}/lineage`;

    // Ingest under the prefix, including the bare `{base}/` Trino posts to.
    expect((await post(`${base}/api/v1/lineage`, runEvent())).status).toBe(201);
    expect((await post(`${base}/`, runEvent())).status).toBe(201);
    expect((await post(`${base}`, runEvent())).status).toBe(201);
    expect((await post(`${base}/api/v1/lineage/batch`, [runEvent()])).status).toBe(200);

    // Read API under the prefix only.
    expect((await get(`${base}/api/v1/datasets`)).status).toBe(200);
    expect((await get(`${base}/api/v1/namespaces`)).status).toBe(200);
    expect((await get(`${store.url}/api/v1/datasets`)).status).toBe(404);
    expect((await post(`${store.url}/api/v1/lineage`, runEvent())).status).toBe(404);

    // OpenAPI document and UI under the prefix.
    const doc = await get(`${base}/api/docs-json`);
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    expect(paths).toEqual(expect.arrayContaining(['/lineage/api/v1/lineage', '/lineage/api/v1/datasets', '/lineage/api/v1/datasets/{id}']));
    expect(paths.filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect((await fetch(`${base}/api/docs`)).status).toBe(200);
    expect((await get(`${store.url}/api/docs-json`)).status).toBe(404);
    const ui = await fetch(`${base}/`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');

    // Probes, version and metrics at the root, not under the prefix.
    expect((await get(`${store.url}/health/ready`)).status).toBe(200);
    expect((await get(`${store.url}/health/live`)).status).toBe(200);
    expect((await get(`${store.url}/version`)).status).toBe(200);
    const metrics = await fetch(`${store.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect((await get(`${base}/health/ready`)).status).toBe(404);
    expect((await get(`${base}/metrics`)).status).toBe(404);

    // The route label carries the prefix.
    const samples = parseMetrics(await metrics.text());
    expect(sampleValue(samples, 'metadata_store_http_request_duration_seconds_count', { route: '/lineage/api/v1/lineage', status_code: '201' })).toBe(1);
  });
});
