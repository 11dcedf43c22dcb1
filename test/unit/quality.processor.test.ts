import { datasetId } from '../../src/openlineage/dataset-identity';
import { processEvents } from '../../src/projection/pipeline';
import { qualityProcessor } from '../../src/projection/processors/quality.processor';
import { datasetAssertionsTable, datasetQualityTable } from '../../src/projection/tables/quality.tables';
import { fixture } from '../support/fixtures';
import { logged } from '../support/logged-event';

const NS = 'postgres://warehouse.quality.test:5432';
const ORDERS = datasetId(NS, 'shop.public.orders');
const CLEAN = datasetId(NS, 'shop.public.orders_clean');
const RUN_A = '01950a00-aaaa-7bbb-8ccc-0123456789a1';

describe('qualityProcessor', () => {
  it('states the metrics and statistics of an input, the statistics of an output, and the assertions', () => {
    const event = logged(fixture('quality/run-a-complete.json').json as Record<string, any>, '7');
    const at = new Date('2026-05-01T06:00:30.000Z');
    const rows = processEvents([event]);
    expect(rows.dataset_quality).toEqual([
      {
        runId: RUN_A,
        datasetId: ORDERS,
        direction: 'input',
        metricsRowCount: '1000',
        metricsBytes: '52000',
        metricsFileCount: '1',
        columnMetrics: {
          id: { nullCount: 0, distinctCount: 1000, min: 1, max: 1000 },
          amount: { nullCount: 3, distinctCount: 870, min: 0.5, max: 999.99 },
        },
        metricsAt: at,
        metricsEventId: '7',
        statisticsRowCount: '1000',
        statisticsBytes: '52000',
        statisticsFileCount: '1',
        statisticsAt: at,
        statisticsEventId: '7',
        firstSeenAt: at,
        lastSeenAt: at,
      },
      expect.objectContaining({
        runId: RUN_A,
        datasetId: CLEAN,
        direction: 'output',
        metricsRowCount: null,
        columnMetrics: null,
        metricsAt: null,
        metricsEventId: null,
        statisticsRowCount: '997',
        statisticsAt: at,
      }),
    ]);
    expect(rows.dataset_assertions).toEqual([
      { runId: RUN_A, datasetId: ORDERS, assertion: 'not_null', column: 'id', success: true, eventTime: at, eventId: '7' },
      { runId: RUN_A, datasetId: ORDERS, assertion: 'unique', column: 'id', success: true, eventTime: at, eventId: '7' },
      { runId: RUN_A, datasetId: ORDERS, assertion: 'row_count', column: '', success: true, eventTime: at, eventId: '7' },
    ]);
  });

  it('states nothing for an event without quality facets, a dataset event or a job event', () => {
    const plain = { eventType: 'START', eventTime: '2026-05-01T00:00:00Z', producer: 'p', run: { runId: RUN_A }, job: { namespace: 'ns', name: 'j' } };
    expect(qualityProcessor(logged({ ...plain, inputs: [{ namespace: 'ns', name: 'd', facets: { schema: { fields: [] } } }] }))).toEqual([]);
    const facets = { dataQualityAssertions: { assertions: [{ assertion: 'not_null', success: true }] } };
    const datasetEvent = { eventTime: '2026-05-01T00:00:00Z', producer: 'p', dataset: { namespace: 'ns', name: 'd', facets } };
    expect(qualityProcessor(logged(datasetEvent))).toEqual([]);
    const jobEvent = { eventTime: '2026-05-01T00:00:00Z', producer: 'p', job: { namespace: 'ns', name: 'j' }, inputs: [{ namespace: 'ns', name: 'd', facets }] };
    expect(qualityProcessor(logged(jobEvent))).toEqual([]);
  });

  it('gives a run that reported only assertions its entry in the history', () => {
    const event = {
      eventType: 'COMPLETE',
      eventTime: '2026-05-01T00:00:00Z',
      producer: 'p',
      run: { runId: RUN_A },
      job: { namespace: 'ns', name: 'j' },
      inputs: [{ namespace: 'ns', name: 'd', inputFacets: { dataQualityAssertions: { assertions: [{ assertion: 'a', success: false }] } } }],
    };
    const rows = processEvents([logged(event)]);
    expect(rows.dataset_quality).toEqual([expect.objectContaining({ runId: RUN_A, metricsAt: null, statisticsAt: null, lastSeenAt: new Date('2026-05-01T00:00:00Z') })]);
    expect(rows.dataset_assertions).toHaveLength(1);
  });

  it('reads the facets from the dataset facets too, the run-level facet winning', () => {
    const event = {
      eventType: 'COMPLETE',
      eventTime: '2026-05-01T00:00:00Z',
      producer: 'p',
      run: { runId: RUN_A },
      job: { namespace: 'ns', name: 'j' },
      inputs: [
        {
          namespace: 'ns',
          name: 'd',
          facets: { dataQualityMetrics: { rowCount: 1, columnMetrics: {} }, dataQualityAssertions: { assertions: [{ assertion: 'a', success: true }] } },
          inputFacets: { dataQualityMetrics: { rowCount: 2, columnMetrics: {} } },
        },
      ],
    };
    const rows = processEvents([logged(event)]);
    expect(rows.dataset_quality.map((r) => r.metricsRowCount)).toEqual(['2']);
    expect(rows.dataset_assertions.map((r) => [r.assertion, r.success])).toEqual([['a', true]]);
  });

  it('coalesces, for one event that reports an assertion twice, to the failure', () => {
    const event = {
      eventType: 'COMPLETE',
      eventTime: '2026-05-01T00:00:00Z',
      producer: 'p',
      run: { runId: RUN_A },
      job: { namespace: 'ns', name: 'j' },
      inputs: [
        {
          namespace: 'ns',
          name: 'd',
          inputFacets: { dataQualityAssertions: { assertions: [{ assertion: 'custom_sql', success: true }, { assertion: 'custom_sql', success: false }, { assertion: 'custom_sql', success: true }] } },
        },
      ],
    };
    const rows = processEvents([logged(event)]).dataset_assertions;
    expect(datasetAssertionsTable.coalesce(rows).map((r) => r.success)).toEqual([false]);
  });
});

describe('dataset_quality rules', () => {

  it('give the same row whatever order the events of a run arrive in', () => {
    // A run whose START carries the metrics and whose COMPLETE carries the statistics.
    const complete = fixture('quality/run-a-complete.json').json as Record<string, any>;
    const start = JSON.parse(JSON.stringify(complete));
    start.eventType = 'START';
    start.eventTime = '2026-05-01T06:00:00.000Z';
    delete start.inputs[0].inputFacets.inputStatistics;
    start.inputs[0].inputFacets.dataQualityMetrics.rowCount = 999;
    delete complete.inputs[0].inputFacets.dataQualityMetrics;
    const inOrder = datasetQualityTable.coalesce(processEvents([logged(start, '1'), logged(complete, '2')]).dataset_quality);
    const reversed = datasetQualityTable.coalesce(processEvents([logged(complete, '2'), logged(start, '1')]).dataset_quality);
    expect(reversed).toEqual(inOrder);
    const input = inOrder.find((r) => r.direction === 'input')!;
    expect([input.metricsRowCount, input.statisticsRowCount, input.firstSeenAt, input.lastSeenAt]).toEqual([
      '999',
      '1000',
      new Date('2026-05-01T06:00:00.000Z'),
      new Date('2026-05-01T06:00:30.000Z'),
    ]);
  });
});
