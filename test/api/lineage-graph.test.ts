import { gunzipSync } from 'node:zlib';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * A known sub-graph, built through ingest and projection:
 *
 *   raw.orders ──┐                      (q1)            (q2)            (q3)
 *                ├─ q1 ─► stage.orders_enriched ─ q2 ─► mart.revenue ─ q3 ─► report.daily
 *   raw.customers┘
 *
 * and a recurring job `etl.load` that read `legacy.source` until it switched to `new.source`.
 */
const NS = 'trino://trino.example.com:8080';
const PRODUCER = 'https://github.com/trinodb/trino/plugin/trino-openlineage';
let runCounter = 0;
const runId = () => `0195f8b0-0000-7000-8000-${String(++runCounter).padStart(12, '0')}`;

type Field = { name: string; type?: string; tags?: Array<{ key: string; value: string }> };
const schema = (fields: Field[]) => ({ _producer: PRODUCER, _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/SchemaDatasetFacet.json', fields });
const dataset = (name: string, facets: Record<string, unknown> = {}) => ({ namespace: NS, name, facets });
const columnLineage = (fields: Record<string, Array<{ name: string; field: string; subtype: string }>>) => ({
  _producer: PRODUCER,
  _schemaURL: 'https://openlineage.io/spec/facets/1-2-0/ColumnLineageDatasetFacet.json',
  fields: Object.fromEntries(
    Object.entries(fields).map(([field, inputs]) => [
      field,
      { inputFields: inputs.map((i) => ({ namespace: NS, name: i.name, field: i.field, transformations: [{ type: 'DIRECT', subtype: i.subtype }] })) },
    ]),
  ),
});

function query(job: string, time: string, inputs: unknown[], outputs: unknown[]) {
  return {
    eventType: 'COMPLETE',
    eventTime: time,
    producer: PRODUCER,
    schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    run: { runId: runId() },
    job: { namespace: NS, name: job },
    inputs,
    outputs,
  };
}

const EVENTS = [
  query(
    'q1',
    '2026-03-01T10:00:00Z',
    [
      dataset('raw.orders', { schema: schema([{ name: 'amount', type: 'decimal(10,2)' }]) }),
      dataset('raw.customers', { schema: schema([{ name: 'name', type: 'varchar', tags: [{ key: 'pii', value: 'true' }] }]) }),
    ],
    [
      dataset('stage.orders_enriched', {
        schema: schema([{ name: 'total', type: 'decimal(10,2)' }, { name: 'customer_name', type: 'varchar' }]),
        columnLineage: columnLineage({
          total: [{ name: 'raw.orders', field: 'amount', subtype: 'TRANSFORMATION' }],
          customer_name: [{ name: 'raw.customers', field: 'name', subtype: 'IDENTITY' }],
        }),
      }),
    ],
  ),
  query(
    'q2',
    '2026-03-01T11:00:00Z',
    [dataset('stage.orders_enriched')],
    [
      dataset('mart.revenue', {
        schema: schema([{ name: 'total', type: 'decimal(18,2)' }]),
        columnLineage: columnLineage({ total: [{ name: 'stage.orders_enriched', field: 'total', subtype: 'AGGREGATION' }] }),
      }),
    ],
  ),
  query('q3', '2026-03-01T12:00:00Z', [dataset('mart.revenue')], [dataset('report.daily')]),
  query('etl.load', '2026-03-02T00:00:00Z', [dataset('legacy.source')], [dataset('warehouse.target')]),
  query('etl.load', '2026-03-10T00:00:00Z', [dataset('new.source')], [dataset('warehouse.target')]),
];

/** Two overlapping runs of one job: the later-started run finishes first. */
const EARLIER_RUN = runId();
const LATER_RUN = runId();
const overlapping = (eventType: string, run: string, time: string) => ({
  ...query('overlap.job', time, [dataset('overlap.in')], [dataset('overlap.out')]),
  eventType,
  run: { runId: run },
});
EVENTS.push(
  overlapping('START', EARLIER_RUN, '2026-03-03T00:00:00Z'),
  overlapping('START', LATER_RUN, '2026-03-03T01:00:00Z'),
  overlapping('COMPLETE', LATER_RUN, '2026-03-03T02:00:00Z'),
  overlapping('COMPLETE', EARLIER_RUN, '2026-03-03T03:00:00Z'),
);

/** A job first seen 250 µs into a second: asOf counts to the microsecond. */
const MICRO_TIME = '2026-03-11T00:00:00.000250Z';
EVENTS.push(query('micro.job', MICRO_TIME, [dataset('micro.in')], [dataset('micro.out')]));

const ds = (name: string) => `dataset:${NS}:${name}`;
const job = (name: string) => `job:${NS}:${name}`;

describe('GET /api/v1/lineage, /api/v1/column-lineage and /api/v1/tags/{tag}/downstream', () => {
  let store: InProcessApp;

  const graph = async (params: Record<string, string>, path = '/api/v1/lineage') => {
    const res = await store.request('GET', `${path}?${new URLSearchParams(params)}`);
    expect(res.status).toBe(200);
    return res.body as { graph: Array<{ id: string; type: string; data: any; inEdges: any[]; outEdges: any[] }>; truncated: boolean };
  };
  const ids = (body: { graph: Array<{ id: string }> }) => body.graph.map((n) => n.id);
  const edges = (body: { graph: Array<{ outEdges: Array<{ origin: string; destination: string }> }> }) =>
    body.graph.flatMap((n) => n.outEdges.map((e) => `${e.origin} -> ${e.destination}`)).sort();

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject(EVENTS);
  });

  afterAll(async () => {
    await store.close();
  });

  it('walks downstream along the data flow only, in Marquez’s shape, nodes sorted by id', async () => {
    const body = await graph({ nodeId: ds('raw.orders'), direction: 'downstream' });
    expect(ids(body)).toEqual(
      [ds('mart.revenue'), ds('raw.orders'), ds('report.daily'), ds('stage.orders_enriched'), job('q1'), job('q2'), job('q3')].sort(),
    );
    expect(edges(body)).toEqual(
      [
        `${ds('raw.orders')} -> ${job('q1')}`,
        `${job('q1')} -> ${ds('stage.orders_enriched')}`,
        `${ds('stage.orders_enriched')} -> ${job('q2')}`,
        `${job('q2')} -> ${ds('mart.revenue')}`,
        `${ds('mart.revenue')} -> ${job('q3')}`,
        `${job('q3')} -> ${ds('report.daily')}`,
      ].sort(),
    );
    const q1 = body.graph.find((n) => n.id === job('q1'))!;
    expect(q1.type).toBe('JOB');
    expect(q1.data).toMatchObject({ name: 'q1', namespace: NS });
    expect(q1.inEdges).toEqual([{ origin: ds('raw.orders'), destination: job('q1'), source: 'observed' }]);
    const enriched = body.graph.find((n) => n.id === ds('stage.orders_enriched'))!;
    expect(enriched.data.fields.map((f: { name: string }) => f.name).sort()).toEqual(['customer_name', 'total']);
    expect(body.truncated).toBe(false);
  });

  it("carries Marquez's node data (DatasetData, JobData): the latest run's state and times, no facets, column lineage or run lists", async () => {
    const body = await graph({ nodeId: ds('raw.orders'), direction: 'downstream' });
    const q1 = body.graph.find((n) => n.id === job('q1'))!.data;
    expect(Object.keys(q1).sort()).toEqual(
      [
        'createdAt', 'currentRunUuid', 'description', 'id', 'inputs', 'integration', 'jobType', 'latestRun', 'location', 'name', 'namespace', 'outputs',
        'parentJob', 'parentJobName', 'parentJobUuid', 'processingType', 'simpleName', 'type', 'updatedAt',
      ],
    );
    // The job's current inputs, also the one this downstream walk did not reach.
    expect(q1.inputs).toEqual([{ namespace: NS, name: 'raw.customers' }, { namespace: NS, name: 'raw.orders' }]);
    expect(q1.latestRun).toMatchObject({ id: q1.currentRunUuid, state: 'COMPLETED' });
    expect(q1.latestRun).not.toHaveProperty('facets');
    expect(q1.latestRun).not.toHaveProperty('inputDatasetVersions');
    const enriched = body.graph.find((n) => n.id === ds('stage.orders_enriched'))!.data;
    expect(Object.keys(enriched).sort()).toEqual(
      ['createdAt', 'description', 'fields', 'id', 'lastLifecycleState', 'lastModifiedAt', 'name', 'namespace', 'physicalName', 'sourceName', 'tags', 'type', 'updatedAt'],
    );
    // The node's own endpoints still have the rest.
    const full = await store.request('GET', `/api/v1/namespaces/${encodeURIComponent(NS)}/datasets/stage.orders_enriched`);
    expect(full.body.columnLineage).not.toBeNull();
  });

  it("names as a job node's current run the run it carries as latestRun, also when runs overlap", async () => {
    const body = await graph({ nodeId: ds('overlap.in'), direction: 'downstream' });
    const node = body.graph.find((n) => n.id === job('overlap.job'))!.data;
    // The later-started run is the latest, though the earlier one sent the last event.
    expect(node.latestRun).toMatchObject({ id: LATER_RUN, state: 'COMPLETED' });
    expect(node.currentRunUuid).toBe(LATER_RUN);
  });

  it('walks upstream against the data flow, and stops at the depth (counted in jobs)', async () => {
    const up = await graph({ nodeId: ds('mart.revenue'), direction: 'upstream' });
    expect(ids(up)).toEqual([ds('mart.revenue'), ds('raw.customers'), ds('raw.orders'), ds('stage.orders_enriched'), job('q1'), job('q2')].sort());
    const shallow = await graph({ nodeId: ds('mart.revenue'), direction: 'upstream', depth: '1' });
    expect(ids(shallow)).toEqual([ds('mart.revenue'), ds('stage.orders_enriched'), job('q2')].sort());
  });

  it('walks both ways from the node without wandering sideways', async () => {
    const both = await graph({ nodeId: ds('stage.orders_enriched'), depth: '1' });
    expect(ids(both)).toEqual(
      [ds('mart.revenue'), ds('raw.customers'), ds('raw.orders'), ds('stage.orders_enriched'), job('q1'), job('q2')].sort(),
    );
    const fromJob = await graph({ nodeId: job('q2'), depth: '0' });
    expect(ids(fromJob)).toEqual([ds('mart.revenue'), ds('stage.orders_enriched'), job('q2')].sort());
  });

  it('answers as of a time: an edge ends when its job’s next run starts without it, one not yet seen has not begun', async () => {
    const now = await graph({ nodeId: ds('warehouse.target'), direction: 'upstream' });
    expect(ids(now)).toEqual([ds('new.source'), ds('warehouse.target'), job('etl.load')].sort());
    const before = await graph({ nodeId: ds('warehouse.target'), direction: 'upstream', asOf: '2026-03-05T00:00:00Z' });
    expect(ids(before)).toEqual([ds('legacy.source'), ds('warehouse.target'), job('etl.load')].sort());
    const beforeEverything = await graph({ nodeId: ds('raw.orders'), direction: 'downstream', asOf: '2026-02-01T00:00:00Z' });
    expect(ids(beforeEverything)).toEqual([ds('raw.orders')]);
    const between = await graph({ nodeId: ds('raw.orders'), direction: 'downstream', asOf: '2026-03-01T11:30:00Z' });
    expect(ids(between)).toEqual([ds('mart.revenue'), ds('raw.orders'), ds('stage.orders_enriched'), job('q1'), job('q2')].sort());
  });

  it('reads asOf to the microsecond: an edge counts from the microsecond it was first seen', async () => {
    const at = await graph({ nodeId: ds('micro.out'), direction: 'upstream', asOf: MICRO_TIME });
    expect(ids(at)).toEqual([ds('micro.in'), ds('micro.out'), job('micro.job')].sort());
    const justBefore = await graph({ nodeId: ds('micro.out'), direction: 'upstream', asOf: '2026-03-11T00:00:00.000249Z' });
    expect(ids(justBefore)).toEqual([ds('micro.out')]);
  });

  it('caps the node count, nearest first, and says the graph was cut', async () => {
    const cut = await graph({ nodeId: ds('raw.orders'), direction: 'downstream', maxNodes: '3' });
    expect(ids(cut)).toEqual([ds('raw.orders'), ds('stage.orders_enriched'), job('q1')].sort());
    expect(cut.truncated).toBe(true);
  });

  it('gives the field graph upstream, with Marquez’s edge orientation and the transformations', async () => {
    const body = await graph({ nodeId: ds('mart.revenue') }, '/api/v1/column-lineage');
    const field = (d: string, f: string) => `datasetField:${NS}:${d}:${f}`;
    expect(ids(body)).toEqual([field('mart.revenue', 'total'), field('raw.orders', 'amount'), field('stage.orders_enriched', 'total')].sort());
    const total = body.graph.find((n) => n.id === field('mart.revenue', 'total'))!;
    expect(total.type).toBe('DATASET_FIELD');
    expect(total.data).toMatchObject({ namespace: NS, dataset: 'mart.revenue', field: 'total', fieldType: 'decimal(18,2)' });
    expect(total.data.inputFields).toEqual([
      expect.objectContaining({ dataset: 'stage.orders_enriched', field: 'total', transformationType: 'DIRECT', transformationSubtype: 'AGGREGATION' }),
    ]);
    expect(total.inEdges).toEqual([{ origin: field('mart.revenue', 'total'), destination: field('stage.orders_enriched', 'total'), source: 'observed' }]);
    const down = await graph({ nodeId: `datasetField:${NS}:raw.orders:amount`, withDownstream: 'true' }, '/api/v1/column-lineage');
    expect(ids(down)).toEqual([field('mart.revenue', 'total'), field('raw.orders', 'amount'), field('stage.orders_enriched', 'total')].sort());
  });

  it('follows a tag downstream: the pii field and every field it feeds, with the transformation', async () => {
    const res = await store.request('GET', '/api/v1/tags/pii/downstream');
    expect(res.status).toBe(200);
    expect(res.body.sources.map((s: { field: string }) => s.field)).toEqual(['name']);
    expect(res.body.reached).toEqual([expect.objectContaining({ dataset: 'stage.orders_enriched', field: 'customer_name', depth: 1 })]);
    expect(res.body.edges).toEqual([expect.objectContaining({ transformationType: 'DIRECT', transformationSubtype: 'IDENTITY', masking: null })]);
  });

  it('answers a graph as JSON, gzip-compressed for a client that accepts it', async () => {
    const url = `/api/v1/lineage?${new URLSearchParams({ nodeId: ds('report.daily'), direction: 'upstream' })}`;
    const plain = await store.app.inject({ method: 'GET', url });
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const zipped = await store.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(JSON.parse(plain.body));
    expect(JSON.parse(plain.body).graph.map((n: { id: string }) => n.id)).toContain(ds('raw.orders'));
  });

  it('says what is wrong with a bad request, and UNKNOWN_NODE for an unknown node', async () => {
    const bad = await store.request('GET', `/api/v1/lineage?nodeId=table:x`);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('nodeId');
    expect((await store.request('GET', `/api/v1/lineage?nodeId=${encodeURIComponent(ds('raw.orders'))}&direction=sideways`)).status).toBe(400);
    expect((await store.request('GET', `/api/v1/lineage?nodeId=${encodeURIComponent(ds('raw.orders'))}&asOf=yesterday`)).status).toBe(400);
    expect((await store.request('GET', `/api/v1/lineage?nodeId=${encodeURIComponent(ds('raw.orders'))}&maxNodes=0`)).status).toBe(400);
    const unknown = await store.request('GET', `/api/v1/lineage?nodeId=${encodeURIComponent(ds('no.such.table'))}`);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'UNKNOWN_NODE']);
  });
});
