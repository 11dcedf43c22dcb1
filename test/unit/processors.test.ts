import { datasetId, parseNamespace } from '../../src/openlineage/dataset-identity';
import { jobId } from '../../src/openlineage/job-identity';
import { hasTypedSchema, readSchema } from '../../src/openlineage/facets';
import { processEvents } from '../../src/projection/pipeline';
import { datasetsProcessor } from '../../src/projection/processors/datasets.processor';
import { RowOf, TableName } from '../../src/projection/tables';
import { fixture } from '../support/fixtures';
import { logged } from '../support/logged-event';

/** The rows one event states for a table, before any coalescing. */
const of = <T extends TableName>(event: Record<string, any>, table: T): Array<RowOf<T>> => processEvents([logged(event)])[table] as Array<RowOf<T>>;

const RUN = '0195f8b0-0000-7000-8000-0000000000a1';
const PARENT = '0195f8b0-0000-7000-8000-0000000000b2';
const base = {
  eventType: 'COMPLETE',
  eventTime: '2026-01-01T00:00:00Z',
  producer: 'test',
  run: { runId: RUN },
  job: { namespace: 'ns', name: 'job' },
};

describe('parseNamespace', () => {
  it.each([
    ['trino://host:8080', 'trino', 'host:8080'],
    ['s3://bucket', 's3', 'bucket'],
    ['s3a://bucket/path/x', 's3a', 'bucket'],
    ['kafka://kafka:9094', 'kafka', 'kafka:9094'],
    ['aws:glue:us-west-2:123456789012', 'aws', null],
    ['bigquery', 'bigquery', null],
    ['food_delivery', 'food_delivery', null],
    ['file://', 'file', null],
  ])('%s -> %s, %s', (namespace, scheme, authority) => {
    expect(parseNamespace(namespace)).toEqual({ scheme, authority });
  });

  it('derives the same id for the same dataset everywhere', () => {
    expect(datasetId('a', 'b')).toBe(datasetId('a', 'b'));
    expect(datasetId('a:b', 'c')).not.toBe(datasetId('a', 'b:c'));
  });
});

describe('datasets processor', () => {
  it('takes Trino CTAS input and output with roles', () => {
    const out = datasetsProcessor(logged(fixture('trino/ctas-complete.json').json as any));
    const names = new Map(out.flatMap((m) => (m.table === 'datasets' ? [[m.row.id, m.row.name]] : [])));
    expect(out.flatMap((m) => (m.table === 'event_datasets' ? [[names.get(m.row.datasetId), m.row.role]] : []))).toEqual([
      ['tpch.sf1.orders', 'input'],
      ['lake.sales.order_totals', 'output'],
    ]);
  });

  it('expands symlinks, and skips only a symlink identifier the index cannot hold', () => {
    const event = {
      ...base,
      outputs: [
        {
          namespace: 'ns',
          name: 't',
          facets: { symlinks: { identifiers: [{ namespace: 'glue', name: 'db.t', type: 'TABLE' }, { namespace: 'glue', name: 'x'.repeat(2000), type: 'TABLE' }] } },
        },
      ],
    };
    const datasets = of(event, 'datasets');
    expect(datasets.map((d) => [d.name, d.kind])).toEqual([['t', 'dataset'], ['db.t', 'symlink']]);
    expect(of(event, 'dataset_symlinks')).toEqual([{ datasetId: datasetId('ns', 't'), symlinkDatasetId: datasetId('glue', 'db.t'), symlinkType: 'TABLE', firstEventId: '1' }]);
  });
});

describe('dataset facets and versions', () => {
  const typed = { fields: [{ name: 'b', type: 'int' }, { name: 'a', type: 'varchar', description: 'the a' }] };
  const namesOnly = { fields: [{ name: 'a' }] };

  it('hashes a schema by field names and types, whatever their order or descriptions', () => {
    const one = readSchema({ schema: typed })!;
    const other = readSchema({ schema: { fields: [{ name: 'a', type: 'varchar' }, { name: 'b', type: 'int', description: 'x' }] } })!;
    const changed = readSchema({ schema: { fields: [{ name: 'a', type: 'varchar' }, { name: 'b', type: 'bigint' }] } })!;
    expect(one.hash).toBe(other.hash);
    expect(one.hash).not.toBe(changed.hash);
    expect(readSchema({ schema: namesOnly })!.typed).toBe(false);
  });

  it('tells a typed schema as readSchema does, nested fields included', () => {
    const nestedTyped = { fields: [{ name: 's', fields: [{ name: 'x', type: 'int' }] }] };
    for (const schema of [typed, namesOnly, nestedTyped, { fields: [] }, { fields: 'no' }, 'no', undefined]) {
      expect(hasTypedSchema({ schema } as never)).toBe(readSchema({ schema } as never)?.typed ?? false);
    }
    expect(hasTypedSchema({ schema: nestedTyped })).toBe(true);
    expect(hasTypedSchema({ schema: namesOnly })).toBe(false);
  });

  it('reads tags from the tags facet and from schema fields, nested ones by path', () => {
    const event = {
      ...base,
      outputs: [
        {
          namespace: 'ns',
          name: 'out',
          facets: {
            tags: { tags: [{ key: 'domain', value: 'sales', field: 'email' }] },
            schema: { fields: [{ name: 'address', type: 'struct', tags: [{ key: 'pii', value: 'true' }], fields: [{ name: 'zip', type: 'varchar', tags: [{ key: 'geo' }] }] }] },
          },
        },
      ],
    };
    expect(of(event, 'tags').map((t) => [t.field, t.key, t.value])).toEqual([['email', 'domain', 'sales'], ['address', 'pii', 'true'], ['address.zip', 'geo', null]]);
  });

  it('records a tombstone for a deleted facet and leaves out a name-only schema, not a typed one', () => {
    const event = {
      ...base,
      inputs: [{ namespace: 'ns', name: 'in', facets: { schema: namesOnly, documentation: { _deleted: true } } }],
      outputs: [{ namespace: 'ns', name: 'out', facets: { schema: typed } }],
    };
    expect(of(event, 'dataset_facets').map((f) => [f.name, f.facet])).toEqual([['documentation', null], ['schema', typed]]);
  });

  it('makes a version of a typed schema only; a name-only schema gives fields seen, in the order sent, and keeps the current version', () => {
    const event = {
      ...base,
      inputs: [{ namespace: 'ns', name: 'in', facets: { schema: { fields: [{ name: 'zeta' }, { name: 'alpha' }, { name: 'mid' }] } } }],
      outputs: [{ namespace: 'ns', name: 'out', facets: { schema: typed } }],
    };
    const versions = of(event, 'dataset_versions');
    expect(versions.map((v) => [v.datasetId, v.createdByRunId])).toEqual([[datasetId('ns', 'out'), RUN]]);
    expect(of(event, 'dataset_fields').map((f) => [f.datasetId, f.name, f.position])).toEqual([
      [datasetId('ns', 'in'), 'zeta', '0'],
      [datasetId('ns', 'in'), 'alpha', '1'],
      [datasetId('ns', 'in'), 'mid', '2'],
    ]);
    // Every dataset the run named is linked to it; the version only where the schema was typed.
    expect(of(event, 'run_datasets').map((r) => [r.direction, r.versionId])).toEqual([['input', null], ['output', versions[0].id]]);
    expect(of(event, 'datasets').map((d) => [d.name, d.currentVersionId, d.currentVersionAt])).toEqual([
      ['in', null, null],
      ['out', versions[0].id, new Date(base.eventTime)],
    ]);
  });
});

describe('jobs and runs processor', () => {
  it('names the parent run and its job before their own events', () => {
    const event = { ...base, run: { runId: RUN, facets: { parent: { run: { runId: PARENT.toUpperCase() }, job: { namespace: 'airflow', name: 'dag' } } } } };
    expect(of(event, 'runs').map((r) => [r.id, r.state, r.jobId, r.parentRunId])).toEqual([
      [RUN, 'COMPLETE', jobId('ns', 'job'), PARENT],
      [PARENT, null, jobId('airflow', 'dag'), null],
    ]);
    expect(of(event, 'jobs').map((j) => [j.name, j.latestRunId, j.parentJobId])).toEqual([
      ['job', RUN, jobId('airflow', 'dag')],
      ['dag', PARENT, null],
    ]);
  });

  it('names the root run and its job with the parent (ParentRunFacet 1-1-0), and no root that is the parent or the run itself', () => {
    const ROOT = '0195f8b0-0000-7000-8000-0000000000c3';
    const parent = { run: { runId: PARENT }, job: { namespace: 'spark', name: 'app.job' } };
    const withRoot = (root: object) => ({ ...base, run: { runId: RUN, facets: { parent: { ...parent, root } } } });
    const event = withRoot({ run: { runId: ROOT }, job: { namespace: 'spark', name: 'app' } });
    expect(of(event, 'runs').map((r) => [r.id, r.jobId, r.parentRunId, r.rootRunId])).toEqual([
      [RUN, jobId('ns', 'job'), PARENT, ROOT],
      [PARENT, jobId('spark', 'app.job'), null, null],
      [ROOT, jobId('spark', 'app'), null, null],
    ]);
    expect(of(event, 'jobs').map((j) => [j.name, j.latestRunId])).toEqual([['job', RUN], ['app.job', PARENT], ['app', ROOT]]);
    const rootIsParent = withRoot(parent);
    expect(of(rootIsParent, 'runs').map((r) => [r.id, r.rootRunId])).toEqual([[RUN, PARENT], [PARENT, null]]);
    const rootIsItself = withRoot({ run: { runId: RUN }, job: { namespace: 'ns', name: 'job' } });
    expect(of(rootIsItself, 'runs').map((r) => [r.id, r.rootRunId])).toEqual([[RUN, null], [PARENT, null]]);
    const malformedRoot = withRoot({ run: { runId: 'nope' } });
    expect(of(malformedRoot, 'runs').map((r) => [r.id, r.parentRunId, r.rootRunId])).toEqual([[RUN, PARENT, null], [PARENT, null, null]]);
  });

  it('names no parent for a parent facet without its job, so no run is named that is never created', () => {
    const event = { ...base, run: { runId: RUN, facets: { parent: { run: { runId: PARENT } } } } };
    expect(of(event, 'runs').map((r) => [r.id, r.parentRunId, r.parentAt])).toEqual([[RUN, null, null]]);
    expect(of(event, 'jobs').map((j) => [j.name, j.parentJobId])).toEqual([['job', null]]);
  });

  it('keeps job facets as current facets and as the run saw them; tags of jobs and runs', () => {
    const event = {
      ...base,
      run: { runId: RUN, facets: { tags: { tags: [{ key: 'env', value: 'prod' }] } } },
      job: { namespace: 'ns', name: 'job', facets: { sql: { query: 'SELECT 1' }, tags: { tags: [{ key: 'team', value: 'data', source: 'USER' }] } } },
    };
    expect(of(event, 'job_facets').map((f) => f.name)).toEqual(['sql', 'tags']);
    expect(of(event, 'run_facets').map((f) => [f.facetType, f.name])).toEqual([['run', 'tags'], ['job', 'sql'], ['job', 'tags']]);
    expect(of(event, 'tags').map((t) => [t.targetKind, t.key, t.value])).toEqual([['job', 'team', 'data'], ['run', 'env', 'prod']]);
  });
});

describe('lineage processor', () => {
  it('reads 1-2-0 transformations and dataset-level dependencies, and skips only an unstorable field', () => {
    const event = {
      ...base,
      inputs: [{ namespace: 'ns', name: 'in' }],
      outputs: [
        {
          namespace: 'ns',
          name: 'out',
          facets: {
            columnLineage: {
              fields: {
                total: {
                  inputFields: [
                    { namespace: 'ns', name: 'in', field: 'amount', transformations: [{ type: 'DIRECT', subtype: 'AGGREGATION', description: 'sum', masking: false }] },
                    { namespace: 'ns', name: 'in', field: 'y'.repeat(1500) },
                  ],
                },
                ['z'.repeat(1500)]: { inputFields: [{ namespace: 'ns', name: 'in', field: 'a' }] },
              },
              dataset: [{ namespace: 'ns', name: 'in', field: 'region', transformations: [{ type: 'INDIRECT', subtype: 'GROUP_BY' }] }],
            },
          },
        },
      ],
    };
    expect(of(event, 'lineage_edges').map((e) => e.direction)).toEqual(['input', 'output']);
    expect(of(event, 'column_lineage_heads').map((h) => h.field)).toEqual(['total', '']);
    expect(of(event, 'column_lineage_edges').map((e) => [e.outputField, e.inputField, e.transformationType, e.transformationSubtype, e.description, e.masking])).toEqual([
      ['total', 'amount', 'DIRECT', 'AGGREGATION', 'sum', false],
      ['', 'region', 'INDIRECT', 'GROUP_BY', null, null],
    ]);
    // The column lineage's input gets its dataset row once per event, however many fields name it.
    expect(of(event, 'datasets').map((d) => d.name)).toEqual(['in', 'out', 'in']);
  });
});
