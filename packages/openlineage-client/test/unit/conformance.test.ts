import { EventBuilder, FACET_TABLE, newRunId, validateEvent, type OpenLineageEvent, type RunEventType } from '../../src';
import {
  EVERY_DATASET_FACET,
  EVERY_INPUT_DATASET_FACET,
  EVERY_JOB_FACET,
  EVERY_OUTPUT_DATASET_FACET,
  EVERY_RUN_FACET,
} from '../support/every-facet';

const builder = new EventBuilder({ producer: 'https://github.com/acme/etl/tree/1.4.0' });
const job = { namespace: 'etl', name: 'orders_daily', facets: EVERY_JOB_FACET };
const input = { namespace: 'postgres://db:5432', name: 'shop.public.orders', facets: EVERY_DATASET_FACET, inputFacets: EVERY_INPUT_DATASET_FACET };
const output = { namespace: 'postgres://db:5432', name: 'shop.public.orders_daily', facets: EVERY_DATASET_FACET, outputFacets: EVERY_OUTPUT_DATASET_FACET };

const EVENT_TYPES: RunEventType[] = ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'];

function expectValid(event: OpenLineageEvent): void {
  expect(validateEvent(event)).toEqual({ valid: true, problems: [] });
}

/** Keys of every facet in an event, as `<attachment>/<key>`. */
function facetKeys(event: Record<string, any>): string[] {
  const keys = (attachment: string, facets: object | undefined): string[] => Object.keys(facets ?? {}).map((key) => `${attachment}/${key}`);
  return [
    ...keys('RunFacet', event.run?.facets),
    ...keys('JobFacet', event.job?.facets),
    ...(event.inputs ?? []).flatMap((d: any) => [...keys('DatasetFacet', d.facets), ...keys('InputDatasetFacet', d.inputFacets)]),
    ...(event.outputs ?? []).flatMap((d: any) => [...keys('DatasetFacet', d.facets), ...keys('OutputDatasetFacet', d.outputFacets)]),
    ...keys('DatasetFacet', event.dataset?.facets),
  ];
}

describe('spec conformance: every event a builder makes validates against the vendored schemas', () => {
  it.each(EVENT_TYPES)('a %s run event carrying every run, job, dataset, input and output facet', (eventType) => {
    const event = builder.runEvent({ eventType, run: { runId: newRunId(), facets: EVERY_RUN_FACET }, job, inputs: [input], outputs: [output] });
    expectValid(event);
    expect(new Set(facetKeys(event))).toEqual(new Set(FACET_TABLE.map((row) => `${row.attachment}/${row.key}`)));
  });

  it('a job event carrying every job, dataset, input and output facet', () => {
    const event = builder.jobEvent({ job, inputs: [input], outputs: [output] });
    expectValid(event);
    expect(new Set(facetKeys(event))).toEqual(new Set(FACET_TABLE.filter((row) => row.attachment !== 'RunFacet').map((row) => `${row.attachment}/${row.key}`)));
  });

  it('a dataset event carrying every dataset facet', () => {
    const event = builder.datasetEvent({ dataset: { namespace: input.namespace, name: input.name, facets: EVERY_DATASET_FACET } });
    expectValid(event);
    expect(facetKeys(event).sort()).toEqual(FACET_TABLE.filter((row) => row.attachment === 'DatasetFacet').map((row) => `DatasetFacet/${row.key}`).sort());
  });

  it('minimal events of each kind', () => {
    expectValid(builder.runEvent({ eventType: 'START', run: { runId: newRunId() }, job: { namespace: 'n', name: 'j' } }));
    expectValid(builder.jobEvent({ job: { namespace: 'n', name: 'j' } }));
    expectValid(builder.datasetEvent({ dataset: { namespace: 'n', name: 'd' } }));
  });
});

describe('the validator finds what breaks the spec', () => {
  const valid = (): any => builder.runEvent({ eventType: 'START', run: { runId: newRunId(), facets: EVERY_RUN_FACET }, job, inputs: [input], outputs: [output] });

  it('in the envelope: a run ID that is no UUID, a missing job', () => {
    const event = valid();
    event.run.runId = 'not-a-uuid';
    delete event.job;
    const result = validateEvent(event);
    expect(result.valid).toBe(false);
    expect(result.problems).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/run/runId', message: 'must match format "uuid"' })]));
    expect(result.problems.some((p) => p.message === "must have required property 'job'")).toBe(true);
  });

  it('inside a facet, which the core schema alone does not check', () => {
    const event = valid();
    event.outputs[0].facets.lifecycleStateChange.lifecycleStateChange = 'EXPLODE';
    event.inputs[0].inputFacets.inputStatistics.rowCount = 'ten';
    delete event.run.facets.errorMessage.programmingLanguage;
    const paths = validateEvent(event).problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/outputs/0/facets/lifecycleStateChange/lifecycleStateChange',
        '/inputs/0/inputFacets/inputStatistics/rowCount',
        '/run/facets/errorMessage',
      ]),
    );
  });

  it('a facet without _producer or _schemaURL', () => {
    const event = valid();
    delete event.job.facets.sql._schemaURL;
    const result = validateEvent(event);
    expect(result.valid).toBe(false);
    expect(result.problems.some((p) => p.path.startsWith('/job/facets/sql') && p.message === "must have required property '_schemaURL'")).toBe(true);
  });
});
