/**
 * The data-quality read endpoint (and Marquez's QUALITY field) against the real PostgreSQL, with
 * the quality fixtures projected in reverse order first, then (the store emptied) in order.
 */
import { fixtureFolder } from '../support/fixtures';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { emptyStore } from '../support/model-snapshot';

const NS = encodeURIComponent('postgres://warehouse.quality.test:5432');
const ORDERS = `/api/v1/namespaces/${NS}/datasets/shop.public.orders`;
const CLEAN = `/api/v1/namespaces/${NS}/datasets/shop.public.orders_clean`;
const RUN_A = '01950a00-aaaa-7bbb-8ccc-0123456789a1';
const RUN_B = '01950a00-aaaa-7bbb-8ccc-0123456789b2';

const events = () => fixtureFolder('quality').map((f) => f.json as Record<string, unknown>);

describe('GET /api/v1/namespaces/{namespace}/datasets/{dataset}/quality', () => {
  let inOrder: InProcessApp;
  const PATHS = [`${ORDERS}/quality`, `${CLEAN}/quality`, ORDERS];
  const answeredReversed = new Map<string, unknown>();

  beforeAll(async () => {
    inOrder = await startInProcessApp();
    // Each event projected on its own, newest first: every group must still follow the newest event.
    for (const event of events().reverse()) await inOrder.ingestAndProject([event]);
    for (const path of PATHS) answeredReversed.set(path, (await inOrder.request('GET', path)).body);
    await emptyStore(inOrder.databaseUrl);
    await inOrder.ingestAndProject(events());
  });

  afterAll(async () => {
    await inOrder?.close();
  });

  it("lists each run's row count, metrics and statistics of a dataset read, newest first", async () => {
    const res = await inOrder.request('GET', `${ORDERS}/quality`);
    expect(res.status).toBe(200);
    expect(res.body.runs.map((r: any) => [r.runId, r.direction, r.rowCount, r.runState, r.jobName])).toEqual([
      [RUN_B, 'input', 1200, 'COMPLETE', 'orders_checkpoint'],
      [RUN_A, 'input', 1000, 'COMPLETE', 'orders_checkpoint'],
    ]);
    const runA = res.body.runs[1];
    expect(runA.observedAt).toBe('2026-05-01T06:00:30.000Z');
    expect(runA.metrics).toEqual({
      rowCount: 1000,
      bytes: 52000,
      fileCount: 1,
      columns: [
        { column: 'amount', nullCount: 3, distinctCount: 870, min: 0.5, max: 999.99 },
        { column: 'id', nullCount: 0, distinctCount: 1000, min: 1, max: 1000 },
      ],
    });
    expect(runA.statistics).toEqual({ rowCount: 1000, bytes: 52000, fileCount: 1 });
    expect(res.body.runs[0].statistics).toBeNull();
  });

  it('names the dataset version each run saw: none without a typed schema', async () => {
    const [runB, runA] = (await inOrder.request('GET', `${ORDERS}/quality`)).body.runs;
    const current = (await inOrder.request('GET', ORDERS)).body.currentVersion;
    expect(current).toMatch(/^[0-9a-f-]{36}$/);
    expect([runB.version, runA.version]).toEqual([current, null]);
  });

  it("keeps each run's latest report: the START's early metrics and failed assertion are superseded by its COMPLETE", async () => {
    const runA = (await inOrder.request('GET', `${ORDERS}/quality`)).body.runs[1];
    expect([runA.metrics.rowCount, runA.metrics.columns.find((c: any) => c.column === 'id').nullCount]).toEqual([1000, 0]);
    expect(runA.assertions).toEqual([
      { assertion: 'not_null', column: 'id', success: true },
      { assertion: 'row_count', column: null, success: true },
      { assertion: 'unique', column: 'id', success: true },
    ]);
  });

  it('gives the assertions of the latest run, a failure included', async () => {
    const res = await inOrder.request('GET', `${ORDERS}/quality`);
    expect(res.body.latestAssertions).toEqual({
      runId: RUN_B,
      eventTime: '2026-05-02T06:00:30.000Z',
      assertions: [
        { assertion: 'not_null', column: 'id', success: true },
        { assertion: 'row_count', column: null, success: true },
        { assertion: 'unique', column: 'id', success: false },
      ],
    });
  });

  it('lists the output statistics of a dataset written, without assertions', async () => {
    const res = await inOrder.request('GET', `${CLEAN}/quality?limit=1`);
    expect(res.status).toBe(200);
    expect(res.body.runs).toEqual([
      expect.objectContaining({ runId: RUN_B, direction: 'output', rowCount: 1198, metrics: null, statistics: { rowCount: 1198, bytes: 61900, fileCount: 1 } }),
    ]);
    expect(res.body.latestAssertions).toBeNull();
  });

  it('answers the same whatever order the events arrived in', async () => {
    for (const path of PATHS) expect([path, answeredReversed.get(path)]).toEqual([path, (await inOrder.request('GET', path)).body]);
  });

  it("fills Marquez's dataset facets.dataQualityAssertions with the latest assertions", async () => {
    const res = await inOrder.request('GET', ORDERS);
    expect(res.status).toBe(200);
    expect(res.body.facets.dataQualityAssertions).toEqual({
      assertions: [
        { assertion: 'not_null', column: 'id', success: true },
        { assertion: 'row_count', success: true },
        { assertion: 'unique', column: 'id', success: false },
      ],
    });
    expect((await inOrder.request('GET', CLEAN)).body.facets.dataQualityAssertions).toBeUndefined();
  });

  it('answers 404 for an unknown dataset and 400 for a bad limit', async () => {
    const missing = await inOrder.request('GET', `/api/v1/namespaces/${NS}/datasets/shop.public.nothing/quality`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/shop\.public\.nothing/);
    for (const limit of ['0', '501', 'many']) {
      const bad = await inOrder.request('GET', `${ORDERS}/quality?limit=${limit}`);
      expect([limit, bad.status, bad.text]).toEqual([limit, 400, expect.stringMatching(/limit/)]);
    }
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await inOrder.request('GET', '/api/docs-json')).body;
    const operation = doc.paths['/api/v1/namespaces/{namespace}/datasets/{dataset}/quality'].get;
    expect(operation.operationId).toBe('getDatasetQuality');
    expect(operation.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/DatasetQualityDto');
  });
});
