import { CORE_SCHEMA_ID, DEFAULT_PRODUCER, EventBuilder, FACET_TABLE, newRunId } from '../../src';

const PRODUCER = 'https://github.com/acme/etl/tree/1.4.0';
const builder = new EventBuilder({ producer: PRODUCER });

describe('EventBuilder', () => {
  it('sets producer and the schemaURL of each event kind', () => {
    const runId = newRunId();
    const run = builder.runEvent({ eventType: 'START', run: { runId }, job: { namespace: 'etl', name: 'daily' } });
    const job = builder.jobEvent({ job: { namespace: 'etl', name: 'daily' } });
    const dataset = builder.datasetEvent({ dataset: { namespace: 'postgres://db:5432', name: 'shop.public.orders' } });
    expect([run.producer, job.producer, dataset.producer]).toEqual([PRODUCER, PRODUCER, PRODUCER]);
    expect(run.schemaURL).toBe('https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent');
    expect(job.schemaURL).toBe(`${CORE_SCHEMA_ID}#/$defs/JobEvent`);
    expect(dataset.schemaURL).toBe(`${CORE_SCHEMA_ID}#/$defs/DatasetEvent`);
    expect(run.run.runId).toBe(runId);
    expect(run.eventType).toBe('START');
  });

  it("sets every spec facet's _producer and its own _schemaURL, by key and attachment point", () => {
    const event = builder.runEvent({
      eventType: 'COMPLETE',
      run: { runId: newRunId(), facets: { nominalTime: { nominalStartTime: '2026-01-01T00:00:00Z' } } },
      job: { namespace: 'etl', name: 'daily', facets: { ownership: { owners: [{ name: 'team:data' }] } } },
      inputs: [{ namespace: 'pg', name: 'a', facets: { ownership: { owners: [{ name: 'ana' }] } }, inputFacets: { dataQualityMetrics: { columnMetrics: {} } } }],
      outputs: [{ namespace: 'pg', name: 'b', facets: { dataQualityMetrics: { columnMetrics: {} } }, outputFacets: { outputStatistics: { rowCount: 3 } } }],
    });
    expect(event.run.facets!.nominalTime).toEqual({
      nominalStartTime: '2026-01-01T00:00:00Z',
      _producer: PRODUCER,
      _schemaURL: 'https://openlineage.io/spec/facets/1-0-1/NominalTimeRunFacet.json#/$defs/NominalTimeRunFacet',
    });
    // the same key means a different facet at a different attachment point
    expect(event.job.facets!.ownership._schemaURL).toBe('https://openlineage.io/spec/facets/1-0-1/OwnershipJobFacet.json#/$defs/OwnershipJobFacet');
    expect(event.inputs![0].facets!.ownership._schemaURL).toBe('https://openlineage.io/spec/facets/1-0-1/OwnershipDatasetFacet.json#/$defs/OwnershipDatasetFacet');
    expect(event.inputs![0].inputFacets!.dataQualityMetrics._schemaURL).toBe(
      'https://openlineage.io/spec/facets/1-0-3/DataQualityMetricsInputDatasetFacet.json#/$defs/DataQualityMetricsInputDatasetFacet',
    );
    expect(event.outputs![0].facets!.dataQualityMetrics._schemaURL).toBe(
      'https://openlineage.io/spec/facets/1-0-0/DataQualityMetricsDatasetFacet.json#/$defs/DataQualityMetricsDatasetFacet',
    );
    expect(event.outputs![0].outputFacets!.outputStatistics).toEqual({
      rowCount: 3,
      _producer: PRODUCER,
      _schemaURL: 'https://openlineage.io/spec/facets/1-0-2/OutputStatisticsOutputDatasetFacet.json#/$defs/OutputStatisticsOutputDatasetFacet',
    });
  });

  it("keeps a facet's own _producer, and takes a custom facet's _schemaURL", () => {
    const event = builder.runEvent({
      eventType: 'START',
      run: {
        runId: newRunId(),
        facets: {
          nominalTime: { nominalStartTime: '2026-01-01T00:00:00Z', _producer: 'https://github.com/acme/scheduler' },
          acme_billing: { _schemaURL: 'https://acme.example/schemas/Billing.json#/$defs/Billing', costCenter: 'cc-7' },
        },
      },
      job: { namespace: 'etl', name: 'daily' },
    });
    expect(event.run.facets!.nominalTime._producer).toBe('https://github.com/acme/scheduler');
    expect(event.run.facets!.acme_billing).toEqual({
      _schemaURL: 'https://acme.example/schemas/Billing.json#/$defs/Billing',
      _producer: PRODUCER,
      costCenter: 'cc-7',
    });
  });

  it('refuses a custom facet without _schemaURL rather than emit one no consumer can resolve', () => {
    expect(() =>
      builder.jobEvent({ job: { namespace: 'etl', name: 'daily', facets: { acme_notes: { text: 'hi' } } } }),
    ).toThrow('facet "acme_notes" is not a spec JobFacet: give it a _schemaURL naming its schema');
  });

  it('defaults producer to this package at its version, eventTime to now, and datasets to none', () => {
    const before = Date.now();
    const event = new EventBuilder().jobEvent({ job: { namespace: 'etl', name: 'daily' } });
    expect(event.producer).toBe(DEFAULT_PRODUCER);
    expect(DEFAULT_PRODUCER).toMatch(/^https:\/\/www\.npmjs\.com\/package\/@metadata-store\/openlineage-client\/v\/\d+\.\d+\.\d+/);
    expect(Date.parse(event.eventTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(event.inputs).toEqual([]);
    expect(event.outputs).toEqual([]);
  });

  it('accepts eventTime as a Date or an ISO string', () => {
    const at = new Date('2026-03-01T12:00:00.000Z');
    expect(builder.datasetEvent({ eventTime: at, dataset: { namespace: 'n', name: 'd' } }).eventTime).toBe('2026-03-01T12:00:00.000Z');
    expect(builder.datasetEvent({ eventTime: '2026-03-01T12:00:00+01:00', dataset: { namespace: 'n', name: 'd' } }).eventTime).toBe('2026-03-01T12:00:00+01:00');
  });

  it('makes run IDs that are UUIDv7 and distinct', () => {
    const ids = Array.from({ length: 100 }, () => newRunId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(100);
  });

  it('knows a _schemaURL for every facet key of the spec', () => {
    expect(FACET_TABLE).toHaveLength(40);
  });
});
