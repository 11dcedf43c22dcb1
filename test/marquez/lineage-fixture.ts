/**
 * A small, hand-checkable lineage made in the test (no shared corpus): an Airflow DAG run with a
 * task run that reads postgres orders and writes totals (schemas, column lineage, tags,
 * documentation, dataSource), a Trino query that starts and fails, a job event (a job that never
 * ran) and a dataset event. Times are relative to `now` so the /stats buckets hold them.
 */
export const PG = 'postgres://db.example.com:5432';
export const AIRFLOW = 'airflow://scheduler';
export const TRINO = 'trino://trino.example.com:8080';

export const DAG_RUN = '01939d4a-0000-7000-8000-00000000da90';
export const TASK_RUN = '01939d4a-0000-7000-8000-0000000074a5';
export const TRINO_RUN = '01939d4a-0000-7000-8000-0000000071e0';

const PRODUCER = 'https://github.com/apache/airflow/tree/providers-openlineage/2.0.0';
const RUN_EVENT = 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent';
const facet = (body: object) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-0-0/Facet.json', ...body });

export function lineageEvents(now: number): Array<Record<string, unknown>> {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  const orders = {
    namespace: PG,
    name: 'public.orders',
    facets: {
      schema: facet({ fields: [{ name: 'id', type: 'INTEGER' }, { name: 'amount', type: 'DECIMAL', description: 'in EUR' }] }),
      dataSource: facet({ name: 'orders-db', uri: PG }),
    },
  };
  const totals = {
    namespace: PG,
    name: 'public.totals',
    facets: {
      schema: facet({ fields: [{ name: 'total', type: 'DECIMAL' }, { name: 'day', type: 'DATE' }] }),
      documentation: facet({ description: 'Daily totals' }),
      dataSource: facet({ name: 'orders-db', uri: PG }),
      tags: facet({ tags: [{ key: 'PII', value: 'true', source: 'MANUAL' }, { key: 'finance', value: 'true', source: 'MANUAL', field: 'total' }] }),
      columnLineage: facet({
        fields: {
          total: {
            inputFields: [
              { namespace: PG, name: 'public.orders', field: 'amount', transformations: [{ type: 'INDIRECT', subtype: 'AGGREGATION', description: 'sum', masking: false }] },
            ],
          },
        },
      }),
    },
  };
  const dagJob = { namespace: AIRFLOW, name: 'daily_totals', facets: { jobType: facet({ processingType: 'BATCH', integration: 'AIRFLOW', jobType: 'DAG' }) } };
  const taskJob = {
    namespace: AIRFLOW,
    name: 'daily_totals.sum_orders',
    facets: {
      jobType: facet({ processingType: 'BATCH', integration: 'AIRFLOW', jobType: 'TASK' }),
      sql: facet({ query: 'INSERT INTO public.totals SELECT sum(amount), day FROM public.orders GROUP BY day' }),
      documentation: facet({ description: 'Sums the orders of a day' }),
      sourceCodeLocation: facet({ type: 'git', url: 'https://git.example.com/dags/daily_totals.py' }),
      tags: facet({ tags: [{ key: 'finance', value: 'true', source: 'DAG' }] }),
    },
  };
  const parent = facet({ run: { runId: DAG_RUN }, job: { namespace: AIRFLOW, name: 'daily_totals' } });
  const run = (eventType: string, minutesAgo: number, runId: string, job: object, extra: object = {}) => ({
    eventType,
    eventTime: at(minutesAgo),
    producer: PRODUCER,
    schemaURL: RUN_EVENT,
    run: { runId, facets: {} },
    job,
    inputs: [],
    outputs: [],
    ...extra,
  });
  return [
    run('START', 50, DAG_RUN, dagJob),
    run('START', 40, TASK_RUN, taskJob, { run: { runId: TASK_RUN, facets: { parent, nominalTime: facet({ nominalStartTime: at(60) }) } }, inputs: [orders] }),
    run('COMPLETE', 30, TASK_RUN, taskJob, { run: { runId: TASK_RUN, facets: { parent } }, inputs: [orders], outputs: [totals] }),
    run('COMPLETE', 20, DAG_RUN, dagJob),
    run('START', 15, TRINO_RUN, { namespace: TRINO, name: '20261201_000001_00001_abcde' }, { inputs: [{ namespace: PG, name: 'public.orders' }] }),
    run('FAIL', 10, TRINO_RUN, { namespace: TRINO, name: '20261201_000001_00001_abcde' }, {
      run: { runId: TRINO_RUN, facets: { errorMessage: facet({ message: 'Table not found', programmingLanguage: 'JAVA' }) } },
    }),
    // A job event: the job exists, it never ran. Not a run event: /events/lineage leaves it out.
    {
      eventTime: at(5),
      producer: PRODUCER,
      schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/JobEvent',
      job: { namespace: AIRFLOW, name: 'never_ran', facets: {} },
      inputs: [],
      outputs: [],
    },
    // A dataset event: not a run event either.
    {
      eventTime: at(4),
      producer: PRODUCER,
      schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/DatasetEvent',
      dataset: { namespace: PG, name: 'public.customers', facets: {} },
    },
  ];
}
