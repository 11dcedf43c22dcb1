import { TypeClass } from '../fields';
import { columnLineageFacet, facet, RUN_EVENT_SCHEMA, RunContext, schemaFacet } from './run-context';

export const SPARK_PRODUCER = 'https://github.com/OpenLineage/OpenLineage/tree/1.40.1/integration/spark';
const TYPES: Record<TypeClass, string> = { id: 'long', text: 'string', money: 'decimal(18,2)', number: 'double', time: 'timestamp', date: 'date', flag: 'boolean' };

function dataSource(namespace: string): Record<string, unknown> {
  return facet(SPARK_PRODUCER, '1-0-1/DatasourceDatasetFacet.json#/$defs/DatasourceDatasetFacet', { name: namespace, uri: namespace });
}

/**
 * What the OpenLineage Spark integration sends for one job of an application: START and
 * COMPLETE (or FAIL), both with typed schemas, the parent application run, column lineage and
 * output statistics on the last event.
 */
export function sparkEvents(context: RunContext): Array<Record<string, unknown>> {
  const { run, prng } = context;
  const appName = context.jobName.split('.')[0];
  const runId = prng.uuid7(run.startMs);
  const parentRunId = prng.uuid7(run.startMs - 5000);
  const job = {
    namespace: context.producer.jobNamespace,
    name: context.jobName,
    facets: { jobType: facet(SPARK_PRODUCER, '2-0-3/JobTypeJobFacet.json#/$defs/JobTypeJobFacet', { processingType: 'BATCH', integration: 'SPARK', jobType: 'SQL_JOB' }) },
  };
  const runFacets = {
    parent: facet(SPARK_PRODUCER, '1-1-0/ParentRunFacet.json#/$defs/ParentRunFacet', {
      run: { runId: parentRunId },
      job: { namespace: context.producer.jobNamespace, name: appName },
      root: { run: { runId: parentRunId }, job: { namespace: context.producer.jobNamespace, name: appName } },
    }),
    processing_engine: facet(SPARK_PRODUCER, '1-1-1/ProcessingEngineRunFacet.json#/$defs/ProcessingEngineRunFacet', { version: '3.5.4', name: 'spark', openlineageAdapterVersion: '1.40.1' }),
    spark_properties: facet(SPARK_PRODUCER, 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunFacet', {
      properties: { 'spark.master': 'yarn', 'spark.app.name': appName },
    }),
  };
  const inputs = context.inputs.map((input) => ({
    namespace: input.namespace,
    name: input.name,
    facets: { dataSource: dataSource(input.namespace), schema: schemaFacet(SPARK_PRODUCER, input.fields, TYPES) },
  }));
  const outputs = (last: boolean) =>
    context.outputs.map((output) => ({
      namespace: output.namespace,
      name: output.name,
      facets: {
        dataSource: dataSource(output.namespace),
        schema: schemaFacet(SPARK_PRODUCER, output.fields, TYPES),
        ...(last ? { columnLineage: columnLineageFacet(SPARK_PRODUCER, context, output) } : {}),
      },
      ...(last && !run.failed
        ? { outputFacets: { outputStatistics: facet(SPARK_PRODUCER, '1-0-2/OutputStatisticsOutputDatasetFacet.json#/$defs/OutputStatisticsOutputDatasetFacet', { rowCount: prng.int(1, 50_000_000), size: prng.int(1_000, 20_000_000_000) }) } }
        : {}),
    }));
  const event = (eventType: string, timeMs: number, last: boolean) => ({
    eventTime: new Date(timeMs).toISOString(),
    producer: SPARK_PRODUCER,
    schemaURL: RUN_EVENT_SCHEMA,
    eventType,
    run: {
      runId,
      facets: last && run.failed
        ? { ...runFacets, errorMessage: facet(SPARK_PRODUCER, '1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet', { message: 'Job aborted due to stage failure', programmingLanguage: 'JAVA' }) }
        : runFacets,
    },
    job,
    inputs,
    outputs: outputs(last),
  });
  return [event('START', run.startMs, false), event(run.failed ? 'FAIL' : 'COMPLETE', run.endMs, true)];
}
