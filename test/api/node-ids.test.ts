import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * Node ids resolved against what the store holds (issue 28 item 1): namespaces with colons
 * (Trino's `trino://host:8443`, Spark's `file:/tmp/x`, Hive's `hive://host:9083`) and names that
 * start with digits (Trino's query ids).
 */
const TRINO = 'trino://coordinator:8443';
const TRINO_QUERY = '20261129_093001_00001_acc63';
const SPARK = 'file:/tmp/cll_test';
const HIVE = 'hive://metastore:9083';

const PRODUCER = 'https://example.com/producer';
const facet = (body: object) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-0-0/Facet.json', ...body });
let runNumber = 0;

function complete(job: { namespace: string; name: string }, inputs: object[], outputs: object[]) {
  runNumber += 1;
  return {
    eventType: 'COMPLETE',
    eventTime: `2026-11-29T09:30:${String(runNumber).padStart(2, '0')}Z`,
    producer: PRODUCER,
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: `01939d4a-0000-7000-8000-${String(runNumber).padStart(12, '0')}` },
    job,
    inputs,
    outputs,
  };
}

const schema = (...fields: string[]) => ({ schema: facet({ fields: fields.map((name) => ({ name, type: 'VARCHAR' })) }) });
const lineageOf = (field: string, namespace: string, name: string, from: string) => ({
  columnLineage: facet({ fields: { [field]: { inputFields: [{ namespace, name, field: from }] } } }),
});

function events() {
  return [
    // Trino: the job is the query id, which starts with digits.
    complete(
      { namespace: TRINO, name: TRINO_QUERY },
      [{ namespace: TRINO, name: 'hive.sales.orders', facets: schema('id', 'amount') }],
      [{ namespace: TRINO, name: 'hive.sales.totals', facets: { ...schema('total'), ...lineageOf('total', TRINO, 'hive.sales.orders', 'amount') } }],
    ),
    // Spark: a file namespace with one colon and no `//`.
    complete(
      { namespace: 'spark_ns', name: 'cll_app.write' },
      [{ namespace: SPARK, name: 'in_table', facets: schema('a') }],
      [{ namespace: SPARK, name: 'out_table', facets: { ...schema('b'), ...lineageOf('b', SPARK, 'in_table', 'a') } }],
    ),
    complete({ namespace: 'airflow', name: 'hive_load' }, [], [{ namespace: HIVE, name: 'default.events', facets: schema('x') }]),
    // Two readings that both exist: the longer namespace wins.
    complete({ namespace: 'ambiguous', name: 'job' }, [{ namespace: 'ns', name: 'a:b' }], [{ namespace: 'ns:a', name: 'b' }]),
    // Namespace `ns:a` exists, but only `ns` holds `a:c`: the reading that names a node wins.
    complete({ namespace: 'ambiguous', name: 'job2' }, [{ namespace: 'ns', name: 'a:c' }], []),
  ];
}

describe('node ids resolved against what exists', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject(events());
  });

  afterAll(async () => {
    await store?.close();
  });

  const get = (path: string, nodeId: string, extra = '') => store.request('GET', `${path}?nodeId=${encodeURIComponent(nodeId)}${extra}`);
  const ids = (body: any) => body.graph.map((n: any) => n.id);

  it("serves the lineage of a Trino query's job, whose name starts with digits", async () => {
    const res = await get('/api/v1/lineage', `job:${TRINO}:${TRINO_QUERY}`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([`dataset:${TRINO}:hive.sales.orders`, `dataset:${TRINO}:hive.sales.totals`, `job:${TRINO}:${TRINO_QUERY}`]);
    const job = res.body.graph.find((n: any) => n.type === 'JOB');
    expect(job.data.id).toEqual({ namespace: TRINO, name: TRINO_QUERY });
  });

  it("serves lineage and column lineage in Spark's file:/path namespace", async () => {
    const table = await get('/api/v1/lineage', `dataset:${SPARK}:out_table`);
    expect(table.status).toBe(200);
    expect(ids(table.body)).toEqual([`dataset:${SPARK}:in_table`, `dataset:${SPARK}:out_table`, 'job:spark_ns:cll_app.write']);
    const columns = await get('/api/v1/column-lineage', `dataset:${SPARK}:out_table`);
    expect(columns.status).toBe(200);
    expect(ids(columns.body)).toEqual([`datasetField:${SPARK}:in_table:a`, `datasetField:${SPARK}:out_table:b`]);
    const field = await get('/api/v1/column-lineage', `datasetField:${SPARK}:in_table:a`, '&withDownstream=true');
    expect(field.status).toBe(200);
    expect(ids(field.body)).toEqual([`datasetField:${SPARK}:in_table:a`, `datasetField:${SPARK}:out_table:b`]);
  });

  it('serves a hive://host:port dataset, with and without the version suffix Marquez’s UI adds', async () => {
    const res = await get('/api/v1/lineage', `dataset:${HIVE}:default.events`);
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([`dataset:${HIVE}:default.events`, 'job:airflow:hive_load']);
    const versioned = await get('/api/v1/lineage', `dataset:${HIVE}:default.events#01939d4a-0000-7000-8000-00000000abcd`);
    expect(ids(versioned.body)).toEqual(ids(res.body));
  });

  it('takes the longest namespace that names an existing node, then the name', async () => {
    const both = await get('/api/v1/lineage', 'dataset:ns:a:b', '&depth=0');
    expect(both.status).toBe(200);
    expect(both.body.graph.find((n: any) => n.type === 'DATASET' && n.id === 'dataset:ns:a:b').data.id).toEqual({ namespace: 'ns:a', name: 'b' });
    const onlyShorter = await get('/api/v1/lineage', 'dataset:ns:a:c', '&depth=0');
    expect(onlyShorter.status).toBe(200);
    expect(onlyShorter.body.graph.find((n: any) => n.id === 'dataset:ns:a:c').data.id).toEqual({ namespace: 'ns', name: 'a:c' });
  });

  it('answers 400 UNKNOWN_NODE, listing the readings tried, only when no reading names a node', async () => {
    const job = await get('/api/v1/lineage', `job:${TRINO}:20261129_000000_00000_zzzzz`);
    expect(job.status).toBe(400);
    expect(job.body.code).toBe('UNKNOWN_NODE');
    expect(job.body.message).toContain(`namespace '${TRINO}', name '20261129_000000_00000_zzzzz'`);
    expect(job.body.message).toContain(`namespace 'trino://coordinator', name '8443:20261129_000000_00000_zzzzz'`);
    const dataset = await get('/api/v1/column-lineage', `dataset:${SPARK}:no_such_table`);
    expect([dataset.status, dataset.body.code]).toEqual([400, 'UNKNOWN_NODE']);
    const field = await get('/api/v1/column-lineage', `datasetField:${SPARK}:in_table:no_such_field`);
    expect([field.status, field.body.code]).toEqual([400, 'UNKNOWN_NODE']);
    expect(field.body.message).toContain(`namespace '${SPARK}', name 'in_table', field 'no_such_field'`);
    const noNamespace = await get('/api/v1/column-lineage', 'datasetField:nowhere:t:f');
    expect([noNamespace.status, noNamespace.body.code]).toEqual([400, 'UNKNOWN_NODE']);
    expect(noNamespace.body.message).toContain("'nowhere:t', 'nowhere'");
  });

  it('answers 400 INVALID_PARAMETER for an id that is not a node id at all', async () => {
    for (const nodeId of ['table:x:y', 'dataset:x', 'dataset::x', 'datasetField:ns:t']) {
      const res = await get('/api/v1/lineage', nodeId);
      expect([nodeId, res.status, res.body.code]).toEqual([nodeId, 400, 'INVALID_PARAMETER']);
    }
  });
});
