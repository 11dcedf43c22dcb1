/**
 * Fields for every facet the spec defines, by attachment point. The types make each map
 * complete (a facet added to the spec and regenerated fails to compile here until it has an
 * example) and each example match its generated type.
 */
import type {
  FacetFields,
  KnownDatasetFacets,
  KnownInputDatasetFacets,
  KnownJobFacets,
  KnownOutputDatasetFacets,
  KnownRunFacets,
} from '../../src';

type Every<Known> = { [K in keyof Known]-?: FacetFields<Known[K]> };

const PARENT_RUN_ID = '01890f4e-2b8a-7cc3-9e10-2f1f0b0c1a2b';
const ROOT_RUN_ID = '01890f4e-2b8a-7cc3-9e10-2f1f0b0c1a2c';

export const EVERY_RUN_FACET: Every<KnownRunFacets> = {
  environmentVariables: { environmentVariables: [{ name: 'TZ', value: 'UTC' }] },
  errorMessage: { message: 'division by zero', programmingLanguage: 'SQL', stackTrace: 'at line 3' },
  executionParameters: { parameters: [{ key: 'batch_size', name: 'Batch size', value: '500' }] },
  externalQuery: { externalQueryId: '20260101_000000_00001_abcde', source: 'trino' },
  extractionError: { totalTasks: 2, failedTasks: 1, errors: [{ errorMessage: 'unsupported statement', task: 'MERGE INTO t', taskNumber: 1 }] },
  jobDependencies: {
    upstream: [{ job: { namespace: 'airflow', name: 'extract' }, run: { runId: PARENT_RUN_ID }, dependency_type: 'DIRECT_INVOCATION' }],
    downstream: [{ job: { namespace: 'airflow', name: 'report' } }],
    trigger_rule: 'ALL_SUCCESS',
  },
  nominalTime: { nominalStartTime: '2026-01-01T00:00:00Z', nominalEndTime: '2026-01-01T01:00:00Z' },
  parent: {
    run: { runId: PARENT_RUN_ID },
    job: { namespace: 'airflow', name: 'daily_dag' },
    root: { run: { runId: ROOT_RUN_ID }, job: { namespace: 'airflow', name: 'root_dag' } },
  },
  processing_engine: { version: '24.22.3', name: 'node', openlineageAdapterVersion: '0.1.0' },
  tags: { tags: [{ key: 'team', value: 'data', source: 'CONFIG' }] },
  test: { tests: [{ name: 'row_count_positive', status: 'pass', severity: 'error', expected: '>0', actual: '42' }] },
};

export const EVERY_JOB_FACET: Every<KnownJobFacets> = {
  documentation: { description: 'Loads daily orders.', contentType: 'text/markdown' },
  jobType: { processingType: 'BATCH', integration: 'NODE', jobType: 'QUERY' },
  lineage: {
    entries: [
      {
        namespace: 'postgres://db:5432',
        name: 'shop.public.orders_daily',
        type: 'DATASET',
        inputs: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', type: 'DATASET' }],
      },
    ],
  },
  ownership: { owners: [{ name: 'team:data', type: 'MAINTAINER' }] },
  sourceCode: { language: 'SQL', sourceCode: 'INSERT INTO orders_daily SELECT * FROM orders' },
  sourceCodeLocation: { type: 'git', url: 'https://github.com/acme/etl/blob/main/daily.sql', repoUrl: 'https://github.com/acme/etl', path: 'daily.sql', branch: 'main' },
  sql: { query: 'INSERT INTO orders_daily SELECT day, count(*) FROM orders GROUP BY day', dialect: 'postgres' },
  tags: { tags: [{ key: 'tier', value: 'gold' }] },
};

export const EVERY_DATASET_FACET: Every<KnownDatasetFacets> = {
  catalog: { framework: 'iceberg', type: 'rest', name: 'lakehouse', metadataUri: 'http://catalog:8181', source: 'spark' },
  columnLineage: {
    fields: {
      day: {
        inputFields: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', field: 'created_at', transformations: [{ type: 'DIRECT', subtype: 'TRANSFORMATION', description: 'date_trunc' }] }],
      },
      orders: {
        inputFields: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', field: 'id', transformations: [{ type: 'DIRECT', subtype: 'AGGREGATION' }] }],
      },
    },
    dataset: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', field: 'created_at', transformations: [{ type: 'INDIRECT', subtype: 'GROUP_BY' }] }],
  },
  dataQualityMetrics: { rowCount: 10, bytes: 2048, columnMetrics: { orders: { nullCount: 0, distinctCount: 10, min: 1, max: 99, quantiles: { '0.5': 12 } } } },
  datasetType: { datasetType: 'TABLE' },
  dataSource: { name: 'postgres://db:5432', uri: 'postgres://db:5432/shop' },
  documentation: { description: 'Orders per day.' },
  hierarchy: { hierarchy: [{ type: 'DATABASE', name: 'shop' }, { type: 'SCHEMA', name: 'public' }, { type: 'TABLE', name: 'orders_daily' }] },
  lifecycleStateChange: { lifecycleStateChange: 'RENAME', previousIdentifier: { namespace: 'postgres://db:5432', name: 'shop.public.orders_per_day' } },
  lineage: {
    inputs: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', type: 'DATASET' }],
    fields: { day: { inputs: [{ namespace: 'postgres://db:5432', name: 'shop.public.orders', type: 'DATASET', field: 'created_at' }] } },
  },
  ownership: { owners: [{ name: 'user:ana', type: 'OWNER' }] },
  schema: { fields: [{ name: 'day', type: 'date', ordinal_position: 1 }, { name: 'orders', type: 'bigint', description: 'orders that day', ordinal_position: 2 }] },
  storage: { storageLayer: 'iceberg', fileFormat: 'parquet' },
  symlinks: { identifiers: [{ namespace: 'hive://metastore:9083', name: 'shop.orders_daily', type: 'TABLE' }] },
  tags: { tags: [{ key: 'pii', value: 'false', field: 'day' }] },
  version: { datasetVersion: '17' },
};

export const EVERY_INPUT_DATASET_FACET: Every<KnownInputDatasetFacets> = {
  dataQualityAssertions: { assertions: [{ assertion: 'not_null', success: true, column: 'id' }] },
  dataQualityMetrics: { rowCount: 10, columnMetrics: { id: { nullCount: 0, distinctCount: 10 } } },
  inputStatistics: { rowCount: 10, size: 4096, fileCount: 1 },
  subset: {
    inputCondition: {
      type: 'binary',
      operator: 'AND',
      left: { type: 'partition', partitions: [{ identifier: 'day=2026-01-01', dimensions: { day: '2026-01-01' } }] },
      right: { type: 'compare', comparison: 'GREATER_THAN', left: { type: 'field', field: 'amount' }, right: { type: 'literal', value: '0' } },
    },
  },
};

export const EVERY_OUTPUT_DATASET_FACET: Every<KnownOutputDatasetFacets> = {
  outputStatistics: { rowCount: 1, size: 128, fileCount: 1 },
  subset: { outputCondition: { type: 'location', locations: ['s3://bucket/orders_daily/day=2026-01-01'] } },
};
