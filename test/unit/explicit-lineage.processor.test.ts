import { datasetId } from '../../src/openlineage/dataset-identity';
import { jobId } from '../../src/openlineage/job-identity';
import { readLineageDatasetFacet, readLineageJobFacet } from '../../src/openlineage/lineage-facet';
import { processEvents } from '../../src/projection/pipeline';
import { explicitLineageProcessor } from '../../src/projection/processors/explicit-lineage.processor';
import { lineageProcessor } from '../../src/projection/processors/lineage.processor';
import { explicitLineageEdgesTable, lineageEdgesTable } from '../../src/projection/tables/lineage.tables';
import { RowOf } from '../../src/projection/tables';
import { fixture } from '../support/fixtures';
import { logged } from '../support/logged-event';

const PG = 'postgresql://warehouse:5432';
const AIRFLOW = 'airflow://production';
const names = new Map<string, string>([
  ...['raw.customers', 'raw.orders', 'analytics.customer_summary', 'analytics.order_summary', 'analytics.active_customers'].map(
    (n) => [datasetId(PG, n), n] as [string, string],
  ),
  ...['analytics.build_summaries', 'ingest.orders', 'reports.publish'].map((n) => [jobId(AIRFLOW, n), `job ${n}`] as [string, string]),
]);
const named = (id: string) => names.get(id) ?? id;

type EdgeRow = RowOf<'explicit_lineage_edges'>;
/** An edge as a reader would say it: `origin[.field] -> destination[.field] (source, by declarer)`. */
const said = (e: EdgeRow) =>
  `${named(e.originId)}${e.originField ? `.${e.originField}` : ''} -> ${named(e.destinationId)}${e.destinationField ? `.${e.destinationField}` : ''}` +
  ` (${e.source} by ${named(e.declarerId)}${e.transformationType ? `, ${e.transformationType}/${e.transformationSubtype}` : ''})`;

const edgesOf = (file: string) =>
  explicitLineageProcessor(logged(fixture(`explicit-lineage/${file}`).json as any))
    .flatMap((m) => (m.table === 'explicit_lineage_edges' ? [m.row] : []))
    .map(said)
    .sort();

describe('the lineage facet, read', () => {
  const own = { namespace: AIRFLOW, name: 'etl' };

  it('passes a dataset source to a dataset target through the job that declares it, and any other source directly', () => {
    const lineage = readLineageJobFacet(
      {
        lineage: {
          entries: [
            { namespace: PG, name: 't', type: 'DATASET', inputs: [{ namespace: PG, name: 's', type: 'DATASET' }, { namespace: AIRFLOW, name: 'other', type: 'JOB' }] },
            { type: 'JOB', inputs: [{ namespace: PG, name: 'config', type: 'DATASET' }, { namespace: AIRFLOW, name: 'upstream', type: 'JOB' }] },
          ],
        },
      },
      own,
    );
    expect(lineage!.edges.map((e) => `${e.origin.kind}:${e.origin.name} -> ${e.destination.kind}:${e.destination.name}`)).toEqual([
      'dataset:s -> job:etl',
      'job:etl -> dataset:t',
      'job:other -> dataset:t',
      'dataset:config -> job:etl',
      'job:upstream -> job:etl',
    ]);
  });

  it('states no edges for an empty inputs or a deleted facet, and nothing for an absent or malformed one', () => {
    expect(readLineageDatasetFacet({ lineage: { inputs: [] } }, { namespace: PG, name: 't' })).toEqual({ edges: [] });
    expect(readLineageJobFacet({ lineage: { _deleted: true } }, own)).toEqual({ edges: [] });
    expect(readLineageJobFacet({}, own)).toBeNull();
    expect(readLineageJobFacet({ lineage: { entries: 'all of them' } }, own)).toBeNull();
    expect(readLineageDatasetFacet({ lineage: { description: 'no inputs or fields' } }, { namespace: PG, name: 't' })).toBeNull();
  });

  it('skips entries and sources it cannot name, a job given half an identity, and a dataset feeding itself', () => {
    const lineage = readLineageJobFacet(
      {
        lineage: {
          entries: [
            { namespace: PG, type: 'DATASET', inputs: [{ namespace: PG, name: 's', type: 'DATASET' }] },
            { namespace: PG, name: 't', type: 'TABLE', inputs: [{ namespace: PG, name: 's', type: 'DATASET' }] },
            { namespace: PG, name: 't', type: 'DATASET', inputs: [{ namespace: AIRFLOW, type: 'JOB' }, 'x', { namespace: PG, name: 'x'.repeat(2000), type: 'DATASET' }] },
          ],
        },
      },
      own,
    );
    expect(lineage).toEqual({ edges: [] });
    const self = readLineageDatasetFacet({ lineage: { inputs: [{ namespace: PG, name: 't', type: 'DATASET' }] } }, { namespace: PG, name: 't' });
    expect(self).toEqual({ edges: [] });
  });

  it('keeps one field edge per transformation, and a source field of an entity-level input as a dataset-wide dependency', () => {
    const lineage = readLineageDatasetFacet(
      {
        lineage: {
          inputs: [{ namespace: PG, name: 's', type: 'DATASET', field: 'country', transformations: [{ type: 'INDIRECT', subtype: 'FILTER' }] }],
          fields: {
            total: {
              inputs: [
                { namespace: PG, name: 's', type: 'DATASET', field: 'amount', transformations: [{ type: 'DIRECT', subtype: 'AGGREGATION' }, { type: 'INDIRECT', subtype: 'GROUP_BY', masking: true }] },
              ],
            },
          },
        },
      },
      { namespace: PG, name: 't' },
    );
    expect(lineage!.edges.map((e) => `${e.origin.name}.${e.originField} -> ${e.destination.name}.${e.destinationField} ${e.type}/${e.subtype}/${e.masking}`)).toEqual([
      's. -> t. //null',
      's.country -> t. INDIRECT/FILTER/null',
      's.amount -> t.total DIRECT/AGGREGATION/null',
      's.amount -> t.total INDIRECT/GROUP_BY/true',
    ]);
  });
});

describe('explicit lineage processor', () => {
  it("declares a JobEvent's lineage: dataset -> job -> dataset, job -> dataset, job -> job, and field edges", () => {
    expect(edgesOf('job-declared.json')).toEqual([
      'job analytics.build_summaries -> analytics.customer_summary (declared by job analytics.build_summaries)',
      'job analytics.build_summaries -> analytics.order_summary (declared by job analytics.build_summaries)',
      'job analytics.build_summaries -> job reports.publish (declared by job analytics.build_summaries)',
      'job ingest.orders -> analytics.order_summary (declared by job analytics.build_summaries)',
      'raw.customers -> job analytics.build_summaries (declared by job analytics.build_summaries)',
      'raw.customers.id -> analytics.customer_summary.customer_id (declared by job analytics.build_summaries, DIRECT/IDENTITY)',
      'raw.orders -> job analytics.build_summaries (declared by job analytics.build_summaries)',
    ]);
  });

  it("marks a RunEvent's lineage as observed, and a dataset's facet as declared by that dataset", () => {
    expect(edgesOf('run-observed.json').filter((e) => e.includes('.customer_id') || e.includes('.region'))).toEqual([
      'raw.customers.country -> analytics.customer_summary.region (observed by job analytics.build_summaries, DIRECT/TRANSFORMATION)',
      'raw.customers.id -> analytics.customer_summary.customer_id (observed by job analytics.build_summaries, DIRECT/IDENTITY)',
    ]);
    expect(edgesOf('dataset-declared.json')).toEqual([
      'analytics.customer_summary -> analytics.active_customers (declared by analytics.active_customers)',
      'analytics.customer_summary.customer_id -> analytics.active_customers.active_id (declared by analytics.active_customers, DIRECT/IDENTITY)',
    ]);
  });

  it('records a declaration for every declaring event, even one that declares no edges; an observation records none', () => {
    const declarations = (file: string) =>
      processEvents([logged(fixture(`explicit-lineage/${file}`).json as any)]).lineage_declarations.map((d) => named(d.declarerId));
    expect(declarations('job-declared.json')).toEqual(['job analytics.build_summaries']);
    expect(declarations('dataset-cleared.json')).toEqual(['analytics.active_customers']);
    expect(processEvents([logged(fixture('explicit-lineage/dataset-cleared.json').json as any)]).explicit_lineage_edges).toEqual([]);
    expect(declarations('run-observed.json')).toEqual([]);
  });

  it('gives every entity an edge names its row, so a declared edge has both ends without any run', () => {
    const rows = processEvents([logged(fixture('explicit-lineage/job-declared.json').json as any)]);
    expect([...new Set(rows.jobs.map((j) => j.name))].sort()).toEqual(['analytics.build_summaries', 'ingest.orders', 'reports.publish']);
    expect([...new Set(rows.datasets.map((d) => d.name))].sort()).toEqual(['analytics.customer_summary', 'analytics.order_summary', 'raw.customers', 'raw.orders']);
    expect(rows.runs).toEqual([]);
  });

  it('coalesces an edge stated by several events to its first and last statement, in any order', () => {
    const event = (time: string, id: string) => logged({ ...(fixture('explicit-lineage/job-declared.json').json as any), eventTime: time }, id);
    const rows = (events: ReturnType<typeof event>[]) =>
      explicitLineageEdgesTable.coalesce(processEvents(events).explicit_lineage_edges).map((e) => [e.firstEventId, e.lastEventId]);
    const forward = rows([event('2026-05-01T00:00:00Z', '1'), event('2026-05-02T00:00:00Z', '2')]);
    const backward = rows([event('2026-05-02T00:00:00Z', '2'), event('2026-05-01T00:00:00Z', '1')]);
    expect(forward).toEqual(backward);
    expect(new Set(forward.map((r) => r.join('-')))).toEqual(new Set(['1-2']));
  });
});

describe('the inputs and outputs an event lists', () => {
  const flags = (events: Array<Record<string, any>>) =>
    lineageEdgesTable
      .coalesce(events.flatMap((e, i) => lineageProcessor(logged(e, String(i + 1)))).flatMap((m) => (m.table === 'lineage_edges' ? [m.row] : [])))
      .map((e) => ({ direction: e.direction, observed: e.observed, declared: e.declared }));
  const jobEvent = { eventTime: '2026-05-01T00:00:00Z', producer: 'p', job: { namespace: AIRFLOW, name: 'etl' }, inputs: [{ namespace: PG, name: 's' }] };
  const runEvent = { ...jobEvent, eventType: 'COMPLETE', eventTime: '2026-05-02T00:00:00Z', run: { runId: '019e9a10-0000-7000-8000-00000000e199' } };

  it('are declared when a job event lists them, observed when a run event does, and both once both did, in either order', () => {
    expect(flags([jobEvent])).toEqual([{ direction: 'input', observed: false, declared: true }]);
    expect(flags([runEvent])).toEqual([{ direction: 'input', observed: true, declared: false }]);
    expect(flags([jobEvent, runEvent])).toEqual([{ direction: 'input', observed: true, declared: true }]);
    expect(flags([runEvent, jobEvent])).toEqual([{ direction: 'input', observed: true, declared: true }]);
  });
});
