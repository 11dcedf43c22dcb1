import { countEvents, query, waitForProjection } from '../support/database';
import { eventFixtures, fixture, withRunId } from '../support/fixtures';
import { get, post } from '../support/http';
import { InProcessServer, startInProcessServer } from '../support/in-process-app';

const TRINO_NS = 'trino://trino.analytics.test:8080';

/** Every dataset (namespace, name) an event names: inputs, outputs, the dataset of a dataset event, symlinks. */
/** The datasets a `lineage` facet (LineageFacet 1-0-0) names: its entries and their inputs of type DATASET. */
function declaredDatasets(facet: any): any[] {
  const entries: any[] = facet?.entries ?? (facet?.inputs ? [{ type: 'JOB', inputs: facet.inputs }] : []);
  return entries.flatMap((e) => [e, ...(e.inputs ?? [])]).filter((d) => d.type === 'DATASET' && d.name);
}

function namedDatasets(event: any): string[] {
  const declared = [...declaredDatasets(event.job?.facets?.lineage), ...declaredDatasets(event.dataset?.facets?.lineage)];
  const named: any[] = ['run' in event || 'job' in event ? [...(event.inputs ?? []), ...(event.outputs ?? [])] : [event.dataset], declared].flat();
  return named.flatMap((d) => [
    `${d.namespace}|${d.name}`,
    ...(d.facets?.symlinks?.identifiers ?? []).map((s: any) => `${s.namespace}|${s.name}`),
  ]);
}

async function allDatasets(store: InProcessServer, params = ''): Promise<any[]> {
  const datasets: any[] = [];
  let cursor: string | null = null;
  do {
    const page: any = await get(`${store.url}/api/v1/datasets?limit=7${params}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    datasets.push(...page.body.datasets);
    cursor = page.body.nextCursor;
  } while (cursor);
  return datasets;
}

describe("ingesting what Trino, Spark, Airflow, dbt and the Python client send", () => {
  let databaseUrl: string;
  let store: InProcessServer;

  beforeAll(async () => {
    store = await startInProcessServer();
    databaseUrl = store.databaseUrl;
  });

  afterAll(async () => {
    await store?.close();
  });

  it('accepts every fixture event with 201 and lists every dataset they name', async () => {
    const expected = new Set<string>();
    let posted = 0;
    for (const file of eventFixtures()) {
      if (Array.isArray(file.json)) continue; // the batch file is posted in the batch test
      const res = await post(`${store.url}/api/v1/lineage`, file.text);
      expect({ file: file.file, status: res.status, body: res.body }).toEqual({ file: file.file, status: 201, body: { status: 'stored' } });
      namedDatasets(file.json).forEach((d) => expected.add(d));
      posted++;
    }
    expect(await countEvents(databaseUrl)).toBe(posted);
    await waitForProjection(databaseUrl);

    const listed = await allDatasets(store);
    expect(new Set(listed.map((d) => `${d.namespace}|${d.name}`))).toEqual(expected);
    const order = listed.map((d) => [d.namespace, d.name]);
    expect(order).toEqual([...order].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1)));
  });

  it('stores the event verbatim with the extracted columns and its source', async () => {
    const fail = fixture('trino/insert-fail.json');
    // The text as posted (the file, indentation and all), without the whitespace around it.
    const sent = fail.text.trim();
    const [row] = await query<any>(
      databaseUrl,
      `SELECT event_kind, event_type, run_id, job_namespace, producer, payload, payload::text AS text, payload_bytes,
              source_type, source_principal, peer_address, user_agent
         FROM lineage_events WHERE content_hash = sha256(convert_to($1, 'UTF8'))`,
      [sent],
    );
    expect(row.text).toBe(sent);
    expect(row.payload_bytes).toBe(Buffer.byteLength(sent));
    expect(row).toMatchObject({
      event_kind: 'run',
      event_type: 'FAIL',
      run_id: (fail.json as any).run.runId,
      job_namespace: TRINO_NS,
      source_type: 'anonymous',
      source_principal: null,
      peer_address: '127.0.0.1',
      user_agent: 'node',
    });
    expect(row.payload).toEqual(fail.json);
  });

  it("yields Trino CTAS's input tpch.sf1.orders and its output, with roles, in the Trino namespace", async () => {
    const ctas = fixture('trino/ctas-complete.json').json as any;
    const target = ctas.outputs[0].name;
    const listed = await allDatasets(store, `&namespace=${encodeURIComponent(TRINO_NS)}`);
    const orders = listed.find((d) => d.name === 'tpch.sf1.orders');
    const output = listed.find((d) => d.name === target);
    expect(orders).toMatchObject({ namespace: TRINO_NS, scheme: 'trino', authority: 'trino.analytics.test:8080', kind: 'dataset' });
    expect(output).toMatchObject({ namespace: TRINO_NS, kind: 'dataset' });

    const detail = await get(`${store.url}/api/v1/datasets/${output.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.events).toContainEqual(
      expect.objectContaining({ eventType: 'COMPLETE', runId: ctas.run.runId, jobNamespace: ctas.job.namespace, jobName: ctas.job.name, role: 'output' }),
    );
    const ordersDetail = await get(`${store.url}/api/v1/datasets/${orders.id}`);
    expect(ordersDetail.body.events).toContainEqual(expect.objectContaining({ runId: ctas.run.runId, role: 'input' }));
  });

  it('turns the Spark symlinks facet into a symlink dataset linked both ways', async () => {
    const spark = fixture('spark/insert-complete.json').json as any;
    const declaring = [...(spark.inputs ?? []), ...(spark.outputs ?? [])].find((d: any) => d.facets?.symlinks);
    const identifier = declaring.facets.symlinks.identifiers[0];
    const symlinks = await allDatasets(store, '&kind=symlink');
    const symlink = symlinks.find((d) => d.namespace === identifier.namespace && d.name === identifier.name);
    expect(symlink).toMatchObject({ kind: 'symlink' });

    const detail = await get(`${store.url}/api/v1/datasets/${symlink.id}`);
    expect(detail.body.symlinks).toContainEqual(
      expect.objectContaining({ namespace: declaring.namespace, name: declaring.name, direction: 'declared-by', kind: 'dataset' }),
    );
    const declaringDetail = await get(`${store.url}/api/v1/datasets/${detail.body.symlinks[0].id}`);
    expect(declaringDetail.body.symlinks).toContainEqual(
      expect.objectContaining({ id: symlink.id, direction: 'declares', type: identifier.type }),
    );
  });

  it('answers the identical event again with 200 and stores it once', async () => {
    const before = await countEvents(databaseUrl);
    const again = await post(`${store.url}/api/v1/lineage`, fixture('trino/ctas-start.json').text);
    expect(again).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await countEvents(databaseUrl)).toBe(before);
  });

  it('stores an event sent twice in one batch once, and reports both as successful', async () => {
    const event = withRunId('python-client/run-complete.json', 'a1b2c3d4-0000-4000-8000-000000000009');
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage/batch`, [event, event]);
    expect(res.body.summary).toMatchObject({ received: 2, successful: 2, failed: 0 });
    expect(await countEvents(databaseUrl)).toBe(before + 1);
  });

  it('accepts a gzip body', async () => {
    const event = withRunId('python-client/run-complete.json', 'a1b2c3d4-0000-4000-8000-000000000001');
    const res = await post(`${store.url}/api/v1/lineage`, event, { gzip: true });
    expect(res.status).toBe(201);
    const [row] = await query<any>(databaseUrl, "SELECT payload FROM lineage_events WHERE run_id = 'a1b2c3d4-0000-4000-8000-000000000001'");
    expect(row.payload).toEqual(event);
  });

  it('accepts a POST to the bare root URL, as Trino sends when its URL has a path', async () => {
    const event = withRunId('trino/ctas-start.json', 'a1b2c3d4-0000-4000-8000-000000000002');
    expect((await post(`${store.url}/`, event)).status).toBe(201);
    const [row] = await query<any>(databaseUrl, "SELECT payload FROM lineage_events WHERE run_id = 'a1b2c3d4-0000-4000-8000-000000000002'");
    expect(row.payload).toEqual(event);
  });

  it('stores the 6 events of the batch file through /lineage/batch, gzip-encoded', async () => {
    const batch = fixture('batch/inventory-batch.json');
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage/batch`, batch.text, { gzip: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      summary: { received: 6, successful: 6, failed: 0, retriable: 0, non_retriable: 0 },
      failed_events: [],
    });
    expect(await countEvents(databaseUrl)).toBe(before + 6);
    await waitForProjection(databaseUrl);
    const listed = await allDatasets(store, '&namespace=inventory');
    const expected = new Set((batch.json as any[]).flatMap(namedDatasets));
    expect(expected.size).toBe(4);
    expect(new Set(listed.map((d) => `${d.namespace}|${d.name}`))).toEqual(expected);
  });

  it('stores the valid events of a batch even when others fail, and reports each failure', async () => {
    const good = withRunId('python-client/run-complete.json', 'a1b2c3d4-0000-4000-8000-000000000003');
    const bad = { ...good, run: { runId: 'not-a-uuid' } };
    const before = await countEvents(databaseUrl);
    const res = await post(`${store.url}/api/v1/lineage/batch`, [bad, good, 'x']);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('partial_success');
    expect(res.body.summary).toMatchObject({ received: 3, successful: 1, failed: 2 });
    expect(res.body.failed_events).toEqual([
      { index: 0, code: 'INVALID_EVENT', reason: expect.stringContaining('run.runId'), retriable: false },
      { index: 2, code: 'INVALID_EVENT', reason: expect.stringContaining('JSON object'), retriable: false },
    ]);
    expect(await countEvents(databaseUrl)).toBe(before + 1);
  });
});
