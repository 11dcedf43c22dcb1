import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * Declared and observed lineage reach every read that shows lineage, each edge marked with its
 * `source`, and a `run:{id}` node id gives its job's graph as that run left it. The store, built
 * through ingest and projection:
 *
 *   T1  JobEvent of airflow build_y, `lineage` facet declaring for out.y:
 *         a <- src.x.a, c <- src.x.c (DIRECT/IDENTITY), and the whole of out.y <- src.x.status
 *         (INDIRECT/FILTER) and src.x.region (INDIRECT/JOIN)
 *   T2  run 1 of build_y reading src.x and src.z, writing out.y with a ColumnLineage facet:
 *         b <- src.z.b, c <- src.x.c (DIRECT/IDENTITY), the whole of out.y <- src.x.status
 *         (INDIRECT/FILTER) and src.z.flag (INDIRECT/FILTER)
 *   T3  run 2 of build_y reading src.z only
 *
 * So each place has a declared-only (a, region), an observed-only (b, flag) and a both (c, status)
 * case; and a second job, build_w, declares the same sources for out.w without ever running.
 */
const PG = 'postgresql://warehouse:5432';
const AIRFLOW = 'airflow://production';
const PRODUCER = 'https://github.com/apache/airflow/tree/providers-openlineage/2.1.0';
const RUN_1 = '019e9b20-0000-7000-8000-000000000001';
const RUN_2 = '019e9b20-0000-7000-8000-000000000002';
const T1 = '2026-06-01T08:00:00Z';
const T2 = '2026-06-02T02:10:00Z';
const T3 = '2026-06-03T02:10:00Z';

const facetMeta = (schema: string) => ({ _producer: PRODUCER, _schemaURL: `https://openlineage.io/spec/facets/${schema}` });
const direct = [{ type: 'DIRECT', subtype: 'IDENTITY' }];
const filter = [{ type: 'INDIRECT', subtype: 'FILTER' }];
const pii = [{ key: 'pii', value: 'true' }];
const schema = (fields: Array<{ name: string; tags?: unknown[] }>) => ({
  ...facetMeta('1-2-0/SchemaDatasetFacet.json#/$defs/SchemaDatasetFacet'),
  fields: fields.map((f) => ({ type: 'varchar', ...f })),
});
const source = (name: string, field: string, transformations: unknown[]) => ({ namespace: PG, name, type: 'DATASET', field, transformations });

const declaration = {
  eventTime: T1,
  producer: PRODUCER,
  schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/JobEvent',
  job: {
    namespace: AIRFLOW,
    name: 'build_y',
    facets: {
      lineage: {
        ...facetMeta('1-0-0/LineageFacet.json#/$defs/LineageJobFacet'),
        entries: [
          {
            namespace: PG,
            name: 'out.y',
            type: 'DATASET',
            inputs: [source('src.x', 'status', filter), source('src.x', 'region', [{ type: 'INDIRECT', subtype: 'JOIN' }])],
            fields: { a: { inputs: [source('src.x', 'a', direct)] }, c: { inputs: [source('src.x', 'c', direct)] } },
          },
        ],
      },
    },
  },
};

const inputX = { namespace: PG, name: 'src.x', facets: { schema: schema([{ name: 'a', tags: pii }, { name: 'c', tags: pii }, { name: 'status' }, { name: 'region' }]) } };
const inputZ = { namespace: PG, name: 'src.z', facets: { schema: schema([{ name: 'b', tags: pii }, { name: 'flag' }]) } };
const runEvent = (runId: string, eventTime: string, inputs: unknown[]) => ({
  eventType: 'COMPLETE',
  eventTime,
  producer: PRODUCER,
  schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
  run: { runId },
  job: { namespace: AIRFLOW, name: 'build_y' },
  inputs,
  outputs: [
    {
      namespace: PG,
      name: 'out.y',
      facets: {
        schema: schema([{ name: 'a' }, { name: 'b' }, { name: 'c' }]),
        columnLineage: {
          ...facetMeta('1-2-0/ColumnLineageDatasetFacet.json#/$defs/ColumnLineageDatasetFacet'),
          fields: {
            b: { inputFields: [{ namespace: PG, name: 'src.z', field: 'b', transformations: direct }] },
            c: { inputFields: [{ namespace: PG, name: 'src.x', field: 'c', transformations: direct }] },
          },
          dataset: [
            { namespace: PG, name: 'src.x', field: 'status', transformations: filter },
            { namespace: PG, name: 'src.z', field: 'flag', transformations: filter },
          ],
        },
      },
    },
  ],
});

const ds = (name: string) => `dataset:${PG}:${name}`;
const short = (nodeId: string) => nodeId.replace(`dataset:${PG}:`, '').replace(`job:${AIRFLOW}:`, 'job ').replace(`datasetField:${PG}:`, '');

describe('declared and observed lineage in every read that shows lineage', () => {
  let store: InProcessApp;

  const ok = async (path: string) => {
    const res = await store.request('GET', path);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** `input -> output (source)` for each input of a Marquez dataset's columnLineage. */
  const columnLineageOf = (dataset: any): string[] =>
    dataset.columnLineage.flatMap((c: any) =>
      c.inputFields.map((i: any) => `${i.dataset}.${i.field} -> ${c.name} (${i.source}, ${i.transformationType}/${i.transformationSubtype})`),
    );
  /** `origin -> destination (source)` for every out-edge of a table-level graph. */
  const tableEdges = async (params: Record<string, string>) =>
    (await ok(`/api/v1/lineage?${new URLSearchParams({ depth: '0', ...params })}`)).graph
      .flatMap((n: any) => n.outEdges.map((e: any) => `${short(e.origin)} -> ${short(e.destination)} (${e.source})`))
      .sort();

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject([declaration, runEvent(RUN_1, T2, [inputX, inputZ])]);
  });

  afterAll(async () => {
    await store.close();
  });

  const EXPECTED_COLUMN_LINEAGE = [
    'src.x.a -> a (declared, DIRECT/IDENTITY)',
    'src.z.b -> b (observed, DIRECT/IDENTITY)',
    'src.x.c -> c (both, DIRECT/IDENTITY)',
  ];

  it("fills a Marquez dataset's columnLineage with declared and observed inputs, each with its source", async () => {
    const dataset = await ok(`/api/v1/namespaces/${encodeURIComponent(PG)}/datasets/out.y`);
    expect(columnLineageOf(dataset)).toEqual(EXPECTED_COLUMN_LINEAGE);
    // Marquez's own fields keep their shape: the UI's column-lineage button needs `name` per output field.
    expect(dataset.columnLineage[0]).toMatchObject({ name: 'a', transformationDescription: null, transformationType: null });
    expect(Object.keys(dataset.columnLineage[0].inputFields[0])).toEqual(
      expect.arrayContaining(['namespace', 'dataset', 'field', 'transformationDescription', 'transformationType']),
    );
    const list = await ok(`/api/v1/namespaces/${encodeURIComponent(PG)}/datasets`);
    expect(columnLineageOf(list.datasets.find((d: any) => d.name === 'out.y'))).toEqual(EXPECTED_COLUMN_LINEAGE);
  });

  it('gives a dataset with only declared column lineage a columnLineage, so Marquez’s UI offers its column graph', async () => {
    const declaredOnly = structuredClone(declaration);
    declaredOnly.job.name = 'build_w';
    declaredOnly.job.facets.lineage.entries[0].name = 'out.w';
    await store.ingestAndProject([declaredOnly]);
    const dataset = await ok(`/api/v1/namespaces/${encodeURIComponent(PG)}/datasets/out.w`);
    expect(columnLineageOf(dataset)).toEqual(['src.x.a -> a (declared, DIRECT/IDENTITY)', 'src.x.c -> c (declared, DIRECT/IDENTITY)']);
  });

  it('lists the jobs that read and write a dataset by declaration as by runs, each with its source', async () => {
    const { datasets } = await ok(`/api/v1/datasets?${new URLSearchParams({ namespace: PG })}`);
    const detail = (name: string) => ok(`/api/v1/datasets/${datasets.find((d: any) => d.name === name).id}`);
    const jobs = (list: any[]) => list.map((j) => `${j.name} (${j.source})`).sort();
    expect(jobs((await detail('src.x')).readBy)).toEqual(['build_w (declared)', 'build_y (both)']);
    expect(jobs((await detail('src.z')).readBy)).toEqual(['build_y (observed)']);
    const written = await detail('out.y');
    expect([jobs(written.writtenBy), written.readBy]).toEqual([['build_y (both)'], []]);
  });

  it("gives a job that never ran the inputs and outputs declared of it, in its own shape as in the graph's node", async () => {
    const names = (refs: any[]) => refs.map((r) => `${r.namespace === PG ? '' : r.namespace}${r.name}`);
    const declared = await ok(`/api/v1/namespaces/${encodeURIComponent(AIRFLOW)}/jobs/build_w`);
    expect([names(declared.inputs), names(declared.outputs), declared.latestRuns]).toEqual([['src.x'], ['out.w'], null]);
    const graph = await ok(`/api/v1/lineage?${new URLSearchParams({ nodeId: `job:${AIRFLOW}:build_w`, depth: '0' })}`);
    const node = graph.graph.find((n: any) => n.id === `job:${AIRFLOW}:build_w`);
    expect([names(node.data.inputs), names(node.data.outputs)]).toEqual([['src.x'], ['out.w']]);
    // A job that ran keeps Marquez's meaning: the datasets of its latest run.
    const ran = await ok(`/api/v1/namespaces/${encodeURIComponent(AIRFLOW)}/jobs/build_y`);
    expect([names(ran.inputs), names(ran.outputs)]).toEqual([['src.x', 'src.z'], ['out.y']]);
  });

  it('marks each edge of a tag’s downstream walk with its source', async () => {
    const impact = await ok('/api/v1/tags/pii/downstream?depth=1');
    const edges = impact.edges
      .filter((e: any) => e.to.includes(':out.y:'))
      .map((e: any) => `${short(e.from)} -> ${short(e.to)} (${e.source})`)
      .sort();
    expect(edges).toEqual(['src.x:a -> out.y:a (declared)', 'src.x:c -> out.y:c (both)', 'src.z:b -> out.y:b (observed)']);
  });

  it('lists declared dataset-level dependencies in the column graph beside observed ones, each with its source', async () => {
    const graph = await ok(`/api/v1/column-lineage?${new URLSearchParams({ nodeId: ds('out.y') })}`);
    const dependencies = graph.datasetDependencies
      .filter((d: any) => d.dataset === 'out.y')
      .map((d: any) => `${d.input.dataset}.${d.input.field} -> whole ${d.dataset} (${d.source}, ${d.transformationType}/${d.transformationSubtype})`);
    expect(dependencies).toEqual([
      'src.x.region -> whole out.y (declared, INDIRECT/JOIN)',
      'src.x.status -> whole out.y (both, INDIRECT/FILTER)',
      'src.z.flag -> whole out.y (observed, INDIRECT/FILTER)',
    ]);
    const inputs = graph.graph.flatMap((n: any) => n.data.inputFields.map((i: any) => `${i.dataset}.${i.field} -> ${n.data.field} (${i.source})`)).sort();
    expect(inputs).toEqual(['src.x.a -> a (declared)', 'src.x.c -> c (both)', 'src.z.b -> b (observed)']);
  });

  describe('a run node id', () => {
    beforeAll(async () => {
      await store.ingestAndProject([runEvent(RUN_2, T3, [inputZ])]);
    });

    it("answers its job's graph as that run left it: the edges of the job then, with their sources then", async () => {
      const atRun1 = await tableEdges({ nodeId: `run:${RUN_1}` });
      expect(atRun1).toEqual([
        'job build_y -> out.y (both)',
        'src.x -> job build_y (both)',
        'src.z -> job build_y (observed)',
      ]);
      expect(atRun1).toEqual(await tableEdges({ nodeId: `job:${AIRFLOW}:build_y`, asOf: T2 }));
      // Run 2 read no src.x: what was observed of it ended, what was declared stays.
      const atRun2 = await tableEdges({ nodeId: `run:${RUN_2}` });
      expect(atRun2).toEqual(['job build_y -> out.y (both)', 'src.x -> job build_y (declared)', 'src.z -> job build_y (observed)']);
      expect(atRun2).toEqual(await tableEdges({ nodeId: `job:${AIRFLOW}:build_y` }));
    });

    it('walks from the run’s job, as Marquez’s UI expects of a job node', async () => {
      const body = await ok(`/api/v1/lineage?${new URLSearchParams({ nodeId: `run:${RUN_1}`, depth: '0' })}`);
      expect(body.graph.map((n: any) => n.id).sort()).toEqual([ds('out.y'), ds('src.x'), ds('src.z'), `job:${AIRFLOW}:build_y`].sort());
    });

    it('answers 400 UNKNOWN_NODE for a run the store does not know, and INVALID_PARAMETER for what cannot be served', async () => {
      const unknown = await store.request('GET', `/api/v1/lineage?nodeId=run:019e9b20-0000-7000-8000-0000000000ff`);
      expect([unknown.status, unknown.body.code]).toEqual([400, 'UNKNOWN_NODE']);
      expect(unknown.body.message).toContain("no run has id '019e9b20-0000-7000-8000-0000000000ff'");
      const malformed = await store.request('GET', '/api/v1/lineage?nodeId=run:42');
      expect([malformed.status, malformed.body.code]).toEqual([400, 'INVALID_PARAMETER']);
      expect(malformed.body.message).toContain("'run:{run id}'");
      const withAsOf = await store.request('GET', `/api/v1/lineage?${new URLSearchParams({ nodeId: `run:${RUN_1}`, asOf: T3 })}`);
      expect([withAsOf.status, withAsOf.body.code]).toEqual([400, 'INVALID_PARAMETER']);
      expect(withAsOf.body.message).toContain('a run node already fixes the time');
      const columns = await store.request('GET', `/api/v1/column-lineage?nodeId=run:${RUN_1}`);
      expect([columns.status, columns.body.code]).toEqual([400, 'INVALID_PARAMETER']);
      expect(columns.body.message).toContain('/api/v1/lineage?nodeId=run:{id}');
    });
  });

  it('documents the source of every edge-listing shape in the OpenAPI document', async () => {
    const schemas = (await ok('/api/docs-json')).components.schemas;
    for (const name of ['MarquezInputFieldDto', 'DatasetDependencyDto', 'ImpactEdgeDto', 'DatasetJobDto']) {
      expect([name, schemas[name].properties.source.enum]).toEqual([name, ['observed', 'declared', 'both']]);
    }
  });
});
