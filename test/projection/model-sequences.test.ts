import * as fs from 'node:fs';
import * as path from 'node:path';
import { query } from '../support/database';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';
import { emptyStore, shuffled, tableSnapshot } from '../support/model-snapshot';
import { projectStrictly } from '../support/projection';

const fixture = (name: string): Array<Record<string, unknown>> =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'model', name), 'utf8'));

const TRINO = [...fixture('trino-ctas.json'), ...fixture('trino-insert.json'), ...fixture('trino-fail.json')];
const SPARK = fixture('spark-application.json');
const AIRFLOW = fixture('airflow-dag.json');

const time = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'HH24:MI:SS.MS')`;

/** The model as a reader would look at it: names instead of ids, times as HH:MI:SS.MS (UTC). */
async function readable(databaseUrl: string) {
  const q = (sql: string) => query(databaseUrl, sql);
  return {
    jobs: await q(`SELECT j.name, j.job_type, j.integration, j.processing_type, j.description, j.source_code_url,
                          p.name AS parent, j.latest_run_id::text AS latest_run
                     FROM jobs j LEFT JOIN jobs p ON p.id = j.parent_job_id ORDER BY j.name`),
    runs: await q(`SELECT r.id::text, j.name AS job, r.state, ${time('r.started_at')} AS started, ${time('r.ended_at')} AS ended,
                          to_char(r.nominal_start_time AT TIME ZONE 'UTC', 'MM-DD HH24:MI') AS nominal_start,
                          to_char(r.nominal_end_time AT TIME ZONE 'UTC', 'MM-DD HH24:MI') AS nominal_end,
                          r.error_message, r.parent_run_id::text AS parent
                     FROM runs r JOIN jobs j ON j.id = r.job_id ORDER BY r.id`),
    versions: await q(`SELECT d.name AS dataset, (SELECT string_agg(f->>'name' || coalesce(':' || (f->>'type'), ''), ',') FROM jsonb_array_elements(v.fields) f) AS fields,
                              v.created_by_run_id::text AS created_by, v.id = d.current_version_id AS current
                         FROM dataset_versions v JOIN datasets d ON d.id = v.dataset_id ORDER BY d.name, v.first_seen_at`),
    fieldsSeen: await q(`SELECT d.name AS dataset, string_agg(f.name, ',' ORDER BY f.first_seen_at, f.first_event_id, f.position) AS fields
                           FROM dataset_fields f JOIN datasets d ON d.id = f.dataset_id GROUP BY d.name ORDER BY d.name`),
    datasets: await q(`SELECT name, description, source_name FROM datasets ORDER BY name`),
    runDatasets: await q(`SELECT rd.run_id::text AS run, rd.direction, d.name AS dataset, rd.version_id IS NOT NULL AS versioned
                            FROM run_datasets rd JOIN datasets d ON d.id = rd.dataset_id ORDER BY 1, 2, 3`),
    edges: await q(`SELECT j.name AS job, e.direction, d.name AS dataset, ${time('e.first_seen_at')} AS first, ${time('e.last_seen_at')} AS last
                      FROM lineage_edges e JOIN jobs j ON j.id = e.job_id JOIN datasets d ON d.id = e.dataset_id ORDER BY 1, 2, 3`),
    columnEdges: await q(`SELECT o.name || '.' || e.output_field AS output, i.name || '.' || e.input_field AS input,
                                 e.transformation_type AS type, e.transformation_subtype AS subtype, e.description,
                                 (e.last_seen_at, e.last_event_id) = (h.event_time, h.event_id) AS current
                            FROM column_lineage_edges e
                            JOIN column_lineage_heads h ON h.dataset_id = e.output_dataset_id AND h.field = e.output_field
                            JOIN datasets o ON o.id = e.output_dataset_id JOIN datasets i ON i.id = e.input_dataset_id
                           ORDER BY 1, 2, 3, 4`),
    tags: await q(`SELECT t.target_kind, coalesce(d.name, j.name) AS target, t.field, t.key, t.value
                     FROM tags t LEFT JOIN datasets d ON d.id = t.target_id LEFT JOIN jobs j ON j.id = t.target_id ORDER BY 1, 2, 3, 4`),
    sources: await q(`SELECT name, uri FROM sources ORDER BY name`),
    jobVersions: await q(`SELECT j.name AS job, (SELECT string_agg(d->>'name', ',') FROM jsonb_array_elements(v.inputs) d) AS inputs,
                                 (SELECT string_agg(d->>'name', ',') FROM jsonb_array_elements(v.outputs) d) AS outputs, v.location,
                                 v.first_run_id::text AS first_run, v.last_run_id::text AS last_run,
                                 (SELECT array_agg(r.id::text ORDER BY r.id) FROM runs r WHERE r.job_version_id = v.id) AS runs
                            FROM job_versions v JOIN jobs j ON j.id = v.job_id ORDER BY 1, 2, 3, 4`),
  };
}

describe('the lineage model, from producer sequences in any arrival order', () => {
  let store: InProcessApp;

  beforeAll(async () => {
    store = await startInProcessApp();
  });

  afterAll(async () => {
    await store.close();
  });

  /** Logs the events one request at a time in this order (event ids follow it) and projects them. */
  async function project(events: Array<Record<string, unknown>>, batchSize: number) {
    await emptyStore(store.databaseUrl);
    for (const event of events) {
      const res = await store.request('POST', '/api/v1/lineage', event);
      if (res.status !== 201) throw new Error(`ingest: ${res.status} ${res.text}`);
    }
    expect(await projectStrictly(store, batchSize)).toBe(events.length);
    return { tables: await tableSnapshot(store.databaseUrl), model: await readable(store.databaseUrl) };
  }

  /** In order one by one, then shuffled (one by one, in small batches, all in one batch): the same tables. */
  async function expectOrderIndependent(events: Array<Record<string, unknown>>) {
    const inOrder = await project(events, 1);
    const orders: Array<[number, number]> = [[1, 1], [2, 1], [3, 3], [4, 1], [5, events.length], [6, 2]];
    for (const [seed, batchSize] of orders) {
      const permutation = shuffled(events, seed);
      const other = await project(permutation, batchSize);
      expect({ seed, batchSize, tables: other.tables }).toEqual({ seed, batchSize, tables: inOrder.tables });
    }
    // And backwards, so every event arrives after the ones that follow it.
    expect((await project([...events].reverse(), 1)).tables).toEqual(inOrder.tables);
    return inOrder.model;
  }

  it('Trino: CTAS, INSERT and a failed INSERT, START then COMPLETE or FAIL per query id', async () => {
    const model = await expectOrderIndependent(TRINO);
    const R1 = '019f0000-0000-7000-8000-000000000001';
    const R2 = '019f0000-0000-7000-8000-000000000002';
    const R3 = '019f0000-0000-7000-8000-000000000003';
    expect(model.jobs).toEqual([
      { name: '20260715_100000_00001_aaaaa', job_type: 'QUERY', integration: 'TRINO', processing_type: 'BATCH', description: null, source_code_url: null, parent: null, latest_run: R1 },
      { name: '20260715_100500_00002_aaaaa', job_type: 'QUERY', integration: 'TRINO', processing_type: 'BATCH', description: null, source_code_url: null, parent: null, latest_run: R2 },
      { name: '20260715_101000_00003_aaaaa', job_type: 'QUERY', integration: 'TRINO', processing_type: 'BATCH', description: null, source_code_url: null, parent: null, latest_run: R3 },
    ]);
    expect(model.runs).toEqual([
      { id: R1, job: '20260715_100000_00001_aaaaa', state: 'COMPLETE', started: '10:00:00.000', ended: '10:00:02.000', nominal_start: '07-15 10:00', nominal_end: '07-15 10:00', error_message: null, parent: null },
      { id: R2, job: '20260715_100500_00002_aaaaa', state: 'COMPLETE', started: '10:05:00.000', ended: '10:05:01.000', nominal_start: null, nominal_end: null, error_message: null, parent: null },
      { id: R3, job: '20260715_101000_00003_aaaaa', state: 'FAIL', started: '10:10:00.000', ended: '10:10:00.500', nominal_start: null, nominal_end: null, error_message: 'Division by zero', parent: null },
    ]);
    // One typed version for the table written twice with one schema; the inputs' name-only
    // schemas make no version: their names are fields seen, in the order first sent.
    expect(model.versions).toEqual([
      { dataset: 'memory.default.nation_copy', fields: 'nationkey:bigint,name:varchar(25),regionkey:bigint', created_by: R1, current: true },
    ]);
    expect(model.fieldsSeen).toEqual([
      { dataset: 'tpch.tiny.nation', fields: 'nationkey,name,regionkey' },
      { dataset: 'tpch.tiny.region', fields: 'regionkey,name' },
    ]);
    expect(model.datasets).toEqual([
      { name: 'memory.default.nation_copy', description: null, source_name: 'memory.default' },
      { name: 'tpch.tiny.nation', description: null, source_name: 'tpch.tiny' },
      { name: 'tpch.tiny.region', description: null, source_name: 'tpch.tiny' },
    ]);
    expect(model.runDatasets).toEqual([
      { run: R1, direction: 'input', dataset: 'tpch.tiny.nation', versioned: false },
      { run: R1, direction: 'output', dataset: 'memory.default.nation_copy', versioned: true },
      { run: R2, direction: 'input', dataset: 'tpch.tiny.nation', versioned: false },
      { run: R2, direction: 'input', dataset: 'tpch.tiny.region', versioned: false },
      { run: R2, direction: 'output', dataset: 'memory.default.nation_copy', versioned: true },
    ]);
    expect(model.edges).toEqual([
      { job: '20260715_100000_00001_aaaaa', direction: 'input', dataset: 'tpch.tiny.nation', first: '10:00:02.000', last: '10:00:02.000' },
      { job: '20260715_100000_00001_aaaaa', direction: 'output', dataset: 'memory.default.nation_copy', first: '10:00:02.000', last: '10:00:02.000' },
      { job: '20260715_100500_00002_aaaaa', direction: 'input', dataset: 'tpch.tiny.nation', first: '10:05:01.000', last: '10:05:01.000' },
      { job: '20260715_100500_00002_aaaaa', direction: 'input', dataset: 'tpch.tiny.region', first: '10:05:01.000', last: '10:05:01.000' },
      { job: '20260715_100500_00002_aaaaa', direction: 'output', dataset: 'memory.default.nation_copy', first: '10:05:01.000', last: '10:05:01.000' },
    ]);
    // The INSERT replaced `name`'s lineage (now from region.name); the CTAS's edge is history.
    expect(model.columnEdges).toEqual([
      { output: 'memory.default.nation_copy.', input: 'tpch.tiny.nation.regionkey', type: 'INDIRECT', subtype: 'JOIN', description: null, current: true },
      { output: 'memory.default.nation_copy.', input: 'tpch.tiny.region.regionkey', type: 'INDIRECT', subtype: 'JOIN', description: null, current: true },
      { output: 'memory.default.nation_copy.name', input: 'tpch.tiny.nation.name', type: 'DIRECT', subtype: 'IDENTITY', description: null, current: false },
      { output: 'memory.default.nation_copy.name', input: 'tpch.tiny.region.name', type: 'DIRECT', subtype: 'TRANSFORMATION', description: 'upper(r.name)', current: true },
      { output: 'memory.default.nation_copy.nationkey', input: 'tpch.tiny.nation.nationkey', type: 'DIRECT', subtype: 'IDENTITY', description: null, current: true },
      { output: 'memory.default.nation_copy.regionkey', input: 'tpch.tiny.nation.regionkey', type: 'DIRECT', subtype: 'IDENTITY', description: null, current: true },
    ]);
    expect(model.sources).toEqual([
      { name: 'memory.default', uri: 'trino://trino:8080/memory.default' },
      { name: 'tpch.tiny', uri: 'trino://trino:8080/tpch.tiny' },
    ]);
    // Each query is its own job with the one version its COMPLETE or FAIL had; the START named no dataset.
    const version = (v: Record<string, unknown>) => [v.job, v.inputs, v.outputs, v.location, v.first_run, v.last_run, v.runs];
    expect(model.jobVersions.map(version)).toEqual([
      ['20260715_100000_00001_aaaaa', 'tpch.tiny.nation', 'memory.default.nation_copy', null, R1, R1, [R1]],
      ['20260715_100500_00002_aaaaa', 'tpch.tiny.nation,tpch.tiny.region', 'memory.default.nation_copy', null, R2, R2, [R2]],
      ['20260715_101000_00003_aaaaa', null, null, null, R3, R3, [R3]],
    ]);
  });

  it('Spark: an application run with child job runs that name it as their parent; a RUNNING after COMPLETE', async () => {
    const model = await expectOrderIndependent(SPARK);
    const APP = '019f0000-0000-7000-8000-00000000a000';
    const C1 = '019f0000-0000-7000-8000-00000000a001';
    const C2 = '019f0000-0000-7000-8000-00000000a002';
    expect(model.jobs).toEqual([
      { name: 'etl_app', job_type: 'APPLICATION', integration: 'SPARK', processing_type: 'BATCH', description: null, source_code_url: null, parent: null, latest_run: APP },
      { name: 'etl_app.aggregate', job_type: 'JOB', integration: 'SPARK', processing_type: 'BATCH', description: null, source_code_url: null, parent: 'etl_app', latest_run: C2 },
      { name: 'etl_app.load_orders', job_type: 'JOB', integration: 'SPARK', processing_type: 'BATCH', description: null, source_code_url: null, parent: 'etl_app', latest_run: C1 },
    ]);
    // load_orders sent a RUNNING event timed after its COMPLETE: the run stays finished.
    expect(model.runs.map((r) => [r.id, r.state, r.started, r.ended, r.parent])).toEqual([
      [APP, 'COMPLETE', '11:00:00.000', '11:10:00.000', null],
      [C1, 'COMPLETE', '11:01:00.000', '11:03:00.000', APP],
      [C2, 'COMPLETE', '11:04:00.000', '11:08:00.000', APP],
    ]);
    expect(model.versions).toEqual([
      { dataset: 'orders', fields: 'id:bigint,amount:decimal(10,2),day:date', created_by: null, current: true },
      { dataset: 'warehouse.daily_totals', fields: 'day:date,total:decimal(20,2)', created_by: C2, current: true },
      { dataset: 'warehouse.orders', fields: 'id:bigint,amount:decimal(10,2),day:date', created_by: C1, current: true },
    ]);
    expect(model.runDatasets).toEqual([
      { run: C1, direction: 'input', dataset: 'orders', versioned: true },
      { run: C1, direction: 'output', dataset: 'warehouse.orders', versioned: true },
      { run: C2, direction: 'input', dataset: 'warehouse.orders', versioned: true },
      { run: C2, direction: 'output', dataset: 'warehouse.daily_totals', versioned: true },
    ]);
    expect(model.edges).toEqual([
      { job: 'etl_app.aggregate', direction: 'input', dataset: 'warehouse.orders', first: '11:04:00.000', last: '11:08:00.000' },
      { job: 'etl_app.aggregate', direction: 'output', dataset: 'warehouse.daily_totals', first: '11:08:00.000', last: '11:08:00.000' },
      { job: 'etl_app.load_orders', direction: 'input', dataset: 'orders', first: '11:01:00.000', last: '11:03:30.000' },
      { job: 'etl_app.load_orders', direction: 'output', dataset: 'warehouse.orders', first: '11:03:00.000', last: '11:03:00.000' },
    ]);
    expect(model.columnEdges.map((e) => [e.output, e.input, e.subtype, e.description, e.current])).toEqual([
      ['warehouse.daily_totals.day', 'warehouse.orders.day', 'IDENTITY', null, true],
      ['warehouse.daily_totals.total', 'warehouse.orders.amount', 'AGGREGATION', 'sum(amount)', true],
      ['warehouse.orders.amount', 'orders.amount', 'IDENTITY', null, true],
      ['warehouse.orders.day', 'orders.day', 'IDENTITY', null, true],
      ['warehouse.orders.id', 'orders.id', 'IDENTITY', null, true],
    ]);
    // The application's COMPLETE names no dataset: a version all the same, as Marquez gives one.
    expect(model.jobVersions.map((v) => [v.job, v.inputs, v.outputs, v.location, v.runs])).toEqual([
      ['etl_app', null, null, null, [APP]],
      ['etl_app.aggregate', 'warehouse.orders', 'warehouse.daily_totals', null, [C2]],
      ['etl_app.load_orders', 'orders', 'warehouse.orders', null, [C1]],
    ]);
  });

  it('Airflow: a DAG run with task runs; a failed task, a deleted facet, tags on a job, a dataset and a field', async () => {
    const model = await expectOrderIndependent(AIRFLOW);
    const D = '019f0000-0000-7000-8000-00000000d000';
    const T1 = '019f0000-0000-7000-8000-00000000d001';
    const T2 = '019f0000-0000-7000-8000-00000000d002';
    const url = 'https://git.example.com/dags/daily_sales.py';
    expect(model.jobs).toEqual([
      // The DAG's documentation facet was deleted by its latest event.
      { name: 'daily_sales', job_type: 'DAG', integration: 'AIRFLOW', processing_type: 'BATCH', description: null, source_code_url: null, parent: null, latest_run: D },
      { name: 'daily_sales.extract', job_type: 'TASK', integration: 'AIRFLOW', processing_type: 'BATCH', description: null, source_code_url: url, parent: 'daily_sales', latest_run: T1 },
      { name: 'daily_sales.load', job_type: 'TASK', integration: 'AIRFLOW', processing_type: 'BATCH', description: null, source_code_url: url, parent: 'daily_sales', latest_run: T2 },
    ]);
    expect(model.runs).toEqual([
      { id: D, job: 'daily_sales', state: 'FAIL', started: '00:00:05.000', ended: '00:05:00.000', nominal_start: '07-15 00:00', nominal_end: '07-16 00:00', error_message: null, parent: null },
      { id: T1, job: 'daily_sales.extract', state: 'COMPLETE', started: '00:01:00.000', ended: '00:02:00.000', nominal_start: '07-15 00:00', nominal_end: '07-16 00:00', error_message: null, parent: D },
      { id: T2, job: 'daily_sales.load', state: 'FAIL', started: '00:03:00.000', ended: '00:04:00.000', nominal_start: '07-15 00:00', nominal_end: '07-16 00:00', error_message: 'Permission denied on warehouse.customers', parent: D },
    ]);
    expect(model.datasets).toEqual([
      { name: 'sales.public.customers', description: 'Customers', source_name: null },
      { name: 'sales/customers.parquet', description: null, source_name: null },
    ]);
    // The load task named the staged file without a schema: its run keeps no version of its own,
    // and the file's current version stays the typed one the extract task wrote.
    expect(model.runDatasets).toEqual([
      { run: T1, direction: 'input', dataset: 'sales.public.customers', versioned: true },
      { run: T1, direction: 'output', dataset: 'sales/customers.parquet', versioned: true },
      { run: T2, direction: 'input', dataset: 'sales/customers.parquet', versioned: false },
    ]);
    expect(model.versions.map((v) => [v.dataset, v.fields, v.created_by, v.current])).toEqual([
      ['sales.public.customers', 'id:integer,email:text', null, true],
      ['sales/customers.parquet', 'id:integer,email:text', T1, true],
    ]);
    expect(model.tags).toEqual([
      { target_kind: 'dataset', target: 'sales.public.customers', field: '', key: 'domain', value: 'sales' },
      { target_kind: 'dataset', target: 'sales.public.customers', field: 'email', key: 'pii', value: 'true' },
      { target_kind: 'job', target: 'daily_sales', field: '', key: 'owner', value: 'sales-team' },
    ]);
    const [{ n: tombstones }] = await query<{ n: number }>(
      store.databaseUrl,
      `SELECT count(*)::int AS n FROM job_facets f JOIN jobs j ON j.id = f.job_id WHERE j.name = 'daily_sales' AND f.name = 'documentation' AND f.facet IS NULL`,
    );
    expect(tombstones).toBe(1);
    // A failed task has a version too (its FAIL's inputs); the tasks' location is their DAG file.
    expect(model.jobVersions.map((v) => [v.job, v.inputs, v.outputs, v.location, v.runs])).toEqual([
      ['daily_sales', null, null, null, [D]],
      ['daily_sales.extract', 'sales.public.customers', 'sales/customers.parquet', url, [T1]],
      ['daily_sales.load', 'sales/customers.parquet', null, url, [T2]],
    ]);
  });
});
