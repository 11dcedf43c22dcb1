import { TypeClass } from '../fields';
import { Prng } from '../prng';
import { columnLineageFacet, facet, fieldName, RUN_EVENT_SCHEMA, RunContext, schemaFacet } from './run-context';

export const DBT_PRODUCER = 'https://github.com/OpenLineage/OpenLineage/tree/1.40.1/integration/dbt';
const TYPES: Record<TypeClass, string> = {
  id: 'bigint', text: 'text', money: 'numeric(18,2)', number: 'double precision', time: 'timestamp with time zone', date: 'date', flag: 'boolean',
};

function dataSource(namespace: string): Record<string, unknown> {
  return facet(DBT_PRODUCER, '1-0-1/DatasourceDatasetFacet.json#/$defs/DatasourceDatasetFacet', { name: namespace, uri: namespace });
}

/** One `dbt run` a day: every model run of that day has the same parent invocation. */
function invocationId(seed: number, startMs: number): string {
  const day = Math.floor(startMs / 86_400_000);
  return new Prng(seed * 7919 + day).uuid7(day * 86_400_000);
}

/**
 * What dbt-ol sends per model: START and COMPLETE (or FAIL) under the day's invocation, inputs
 * without schema (a mention keeps the current version), the model's typed schema, SQL and
 * column lineage.
 */
export function dbtEvents(context: RunContext): Array<Record<string, unknown>> {
  const { run, prng } = context;
  const output = context.outputs[0];
  const runId = prng.uuid7(run.startMs);
  const parentId = invocationId(context.world.seed, run.startMs);
  const query = `select ${output.fields.map(fieldName).join(', ')}\nfrom ${context.inputs.map((input) => input.name).join(' join ')}`;
  const job = {
    namespace: context.producer.jobNamespace,
    name: context.jobName,
    facets: {
      jobType: facet(DBT_PRODUCER, '2-0-3/JobTypeJobFacet.json#/$defs/JobTypeJobFacet', { processingType: 'BATCH', integration: 'DBT', jobType: 'MODEL' }),
      sql: facet(DBT_PRODUCER, '1-1-0/SQLJobFacet.json#/$defs/SQLJobFacet', { query, dialect: 'postgres' }),
    },
  };
  const runFacets = {
    parent: facet(DBT_PRODUCER, '1-1-0/ParentRunFacet.json#/$defs/ParentRunFacet', {
      run: { runId: parentId },
      job: { namespace: context.producer.jobNamespace, name: 'analytics.run' },
    }),
    dbt_version: facet(DBT_PRODUCER, 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet', { version: '1.9.4' }),
  };
  const inputs = context.inputs.map((input) => ({ namespace: input.namespace, name: input.name, facets: { dataSource: dataSource(input.namespace) } }));
  const outputs = (last: boolean) =>
    context.outputs.map((o) => ({
      namespace: o.namespace,
      name: o.name,
      facets: {
        dataSource: dataSource(o.namespace),
        schema: schemaFacet(DBT_PRODUCER, o.fields, TYPES),
        ...(last ? { columnLineage: columnLineageFacet(DBT_PRODUCER, context, o) } : {}),
      },
    }));
  const event = (eventType: string, timeMs: number, last: boolean) => ({
    eventTime: new Date(timeMs).toISOString(),
    producer: DBT_PRODUCER,
    schemaURL: RUN_EVENT_SCHEMA,
    eventType,
    run: {
      runId,
      facets: last && run.failed
        ? { ...runFacets, errorMessage: facet(DBT_PRODUCER, '1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet', { message: `Database Error in model: relation does not exist`, programmingLanguage: 'SQL' }) }
        : runFacets,
    },
    job,
    inputs,
    outputs: outputs(last),
  });
  return [event('START', run.startMs, false), event(run.failed ? 'FAIL' : 'COMPLETE', run.endMs, true)];
}
