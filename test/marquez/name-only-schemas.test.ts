import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { enc, getMarquez } from './marquez-store';

/**
 * DESIGN section 6 through the API (issue 28 item 2): a name-only or absent schema never makes a
 * version; its field names are still fields seen, in the order sent; a run lists every dataset it
 * read or wrote, with the version it saw where there is one.
 */
const TRINO = 'trino://coordinator:8443';
const DBT = 'duckdb://local';
const PRODUCER = 'https://example.com/producer';
const facet = (body: object) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-0-0/Facet.json', ...body });
const typed = (...fields: Array<[string, string]>) => ({ schema: facet({ fields: fields.map(([name, type]) => ({ name, type })) }) });
const namesOnly = (...names: string[]) => ({ schema: facet({ fields: names.map((name) => ({ name })) }) });

const WRITE_V1 = '01939d4a-0000-7000-8000-000000000101';
const WRITE_V2 = '01939d4a-0000-7000-8000-000000000102';
const READ_BY_NAME = '01939d4a-0000-7000-8000-000000000103';
const DBT_RUN = '01939d4a-0000-7000-8000-000000000104';

function complete(runId: string, minute: number, job: { namespace: string; name: string }, inputs: object[], outputs: object[]) {
  return {
    eventType: 'COMPLETE',
    eventTime: `2026-11-29T10:${String(minute).padStart(2, '0')}:00Z`,
    producer: PRODUCER,
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId },
    job,
    inputs,
    outputs,
  };
}

function events() {
  const orders = (facets: object) => ({ namespace: TRINO, name: 'hive.sales.orders', facets });
  return [
    complete(WRITE_V1, 1, { namespace: TRINO, name: '20261129_100100_00001_aaaaa' }, [], [orders(typed(['id', 'bigint'], ['amount', 'decimal']))]),
    complete(WRITE_V2, 2, { namespace: TRINO, name: '20261129_100200_00002_aaaaa' }, [], [orders(typed(['id', 'bigint'], ['amount', 'decimal'], ['day', 'date']))]),
    // Trino reads the typed table by name: the columns touched, no types. Also a table only ever read by name.
    complete(
      READ_BY_NAME,
      3,
      { namespace: TRINO, name: '20261129_100300_00003_aaaaa' },
      [orders(namesOnly('amount', 'id')), { namespace: TRINO, name: 'hive.sales.customers', facets: namesOnly('zip', 'name', 'country') }],
      [{ namespace: TRINO, name: 'hive.sales.report', facets: {} }],
    ),
    complete(READ_BY_NAME, 4, { namespace: TRINO, name: '20261129_100300_00003_aaaaa' }, [{ namespace: TRINO, name: 'hive.sales.customers', facets: namesOnly('email', 'zip') }], []),
    // dbt reads a seed it never describes: no schema at all.
    complete(DBT_RUN, 5, { namespace: DBT, name: 'dbt_test.main.customers' }, [{ namespace: DBT, name: 'dbt_test.main.raw_customers' }], [
      { namespace: DBT, name: 'dbt_test.main.customers', facets: typed(['id', 'INTEGER']) },
    ]),
  ];
}

describe('name-only and absent schemas make no version', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject(events());
  });

  afterAll(async () => {
    await store?.close();
  });

  const dataset = (ns: string, name: string) => getMarquez(store, `/api/v1/namespaces/${enc(ns)}/datasets/${enc(name)}`, 'Dataset');
  const versions = (ns: string, name: string) => getMarquez(store, `/api/v1/namespaces/${enc(ns)}/datasets/${enc(name)}/versions`, 'DatasetVersionList');

  it('keeps a typed dataset read by name at the versions its schemas made', async () => {
    const list = await versions(TRINO, 'hive.sales.orders');
    expect(list.totalCount).toBe(2);
    expect(list.versions.map((v: any) => v.fields.map((f: any) => `${f.name}:${f.type}`).join(','))).toEqual([
      'id:bigint,amount:decimal,day:date',
      'id:bigint,amount:decimal',
    ]);
    const orders = await dataset(TRINO, 'hive.sales.orders');
    expect(orders.currentVersion).toBe(list.versions[0].version);
    expect(orders.fields.map((f: any) => f.name)).toEqual(['id', 'amount', 'day']);
  });

  it('gives a dataset only ever read by name no version, and its fields in the order sent, new ones after', async () => {
    expect(await versions(TRINO, 'hive.sales.customers')).toEqual({ versions: [], totalCount: 0 });
    const customers = await dataset(TRINO, 'hive.sales.customers');
    expect(customers.currentVersion).toBeNull();
    expect(customers.fields).toEqual([
      { name: 'zip', type: null, tags: [], description: null },
      { name: 'name', type: null, tags: [], description: null },
      { name: 'country', type: null, tags: [], description: null },
      { name: 'email', type: null, tags: [], description: null },
    ]);
    // The lineage graph's node data carries the same fields.
    const graph = await store.request('GET', `/api/v1/lineage?nodeId=${enc(`dataset:${TRINO}:hive.sales.customers`)}&depth=0`);
    const node = graph.body.graph.find((n: any) => n.id === `dataset:${TRINO}:hive.sales.customers`);
    expect(node.data.fields.map((f: any) => f.name)).toEqual(['zip', 'name', 'country', 'email']);
    // And a field only a name-only schema named is a field node id.
    const field = await store.request('GET', `/api/v1/column-lineage?nodeId=${enc(`datasetField:${TRINO}:hive.sales.customers:email`)}`);
    expect(field.status).toBe(200);
  });

  it('lists every dataset a run read or wrote, with the version it saw or none', async () => {
    const run = await getMarquez(store, `/api/v1/jobs/runs/${READ_BY_NAME}`, 'Run');
    const orders = await versions(TRINO, 'hive.sales.orders');
    expect(run.inputDatasetVersions.map((v: any) => v.datasetVersionId)).toEqual([
      { namespace: TRINO, name: 'hive.sales.customers', version: null },
      // Read by name after the second write: the version as of the run.
      { namespace: TRINO, name: 'hive.sales.orders', version: orders.versions[0].version },
    ]);
    expect(run.outputDatasetVersions.map((v: any) => v.datasetVersionId)).toEqual([{ namespace: TRINO, name: 'hive.sales.report', version: null }]);
    const dbt = await getMarquez(store, `/api/v1/jobs/runs/${DBT_RUN}`, 'Run');
    expect(dbt.inputDatasetVersions.map((v: any) => v.datasetVersionId)).toEqual([{ namespace: DBT, name: 'dbt_test.main.raw_customers', version: null }]);
    expect(dbt.outputDatasetVersions[0].datasetVersionId.version).toMatch(/^[0-9a-f-]{36}$/);
  });
});
