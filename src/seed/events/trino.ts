import { TypeClass } from '../fields';
import { columnLineageFacet, CUSTOM_RUN_FACET, columnsRead, facet, fieldName, RUN_EVENT_SCHEMA, RunContext, schemaFacet } from './run-context';

export const TRINO_PRODUCER = 'https://github.com/trinodb/trino/plugin/trino-openlineage';
const TYPES: Record<TypeClass, string> = {
  id: 'bigint', text: 'varchar', money: 'decimal(18,2)', number: 'double', time: 'timestamp(3) with time zone', date: 'date', flag: 'boolean',
};
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function queryId(context: RunContext): string {
  const t = new Date(context.run.startMs).toISOString();
  const stamp = `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}_${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}`;
  const suffix = Array.from({ length: 5 }, () => LETTERS[context.prng.int(0, 25)]).join('');
  return `${stamp}_${String(context.run.job % 100000).padStart(5, '0')}_${suffix}`;
}

function sql(context: RunContext): string {
  const output = context.outputs[0];
  const columns = output.fields.map((field) => {
    const [source] = output.sources.get(field) ?? [];
    const name = fieldName(field);
    if (!source) return `count(*) AS ${name}`;
    const column = `t${source.input}.${fieldName(source.field)}`;
    if (source.subtype === 'AGGREGATION') return `${name.split('_')[0] === 'avg' ? 'avg' : name.split('_')[0] === 'max' ? 'max' : 'sum'}(${column}) AS ${name}`;
    if (source.subtype === 'TRANSFORMATION') return `cast(${column} AS varchar) AS ${name}`;
    return column;
  });
  const from = context.inputs
    .map((input, i) => (i === 0 ? `FROM ${input.name} t0` : `LEFT JOIN ${input.name} t${i} ON t0.${fieldName(context.inputs[0].fields[0])} = t${i}.${fieldName(input.fields[0])}`))
    .join('\n');
  const head = context.run.index === 0 ? `CREATE TABLE ${output.name} AS` : `INSERT INTO ${output.name}`;
  return `${head}\nSELECT ${columns.join(', ')}\n${from}`;
}

function dataSource(namespace: string, name: string): Record<string, unknown> {
  const schema = name.split('.').slice(0, 2).join('.');
  return facet(TRINO_PRODUCER, '1-0-1/DatasourceDatasetFacet.json#/$defs/DatasourceDatasetFacet', { name: schema, uri: `${namespace}/${schema}` });
}

/** What Trino's listener sends for one query: START at creation, then COMPLETE or FAIL. */
export function trinoEvents(context: RunContext): Array<Record<string, unknown>> {
  const { run, prng } = context;
  const id = queryId(context);
  const runId = prng.uuid7(run.startMs);
  const transactionId = prng.uuid7(run.startMs);
  const queryContext = facet(TRINO_PRODUCER, CUSTOM_RUN_FACET, {
    server_address: '10.0.4.17', environment: 'production', query_type: 'INSERT', user: 'etl_scheduler', original_user: 'etl_scheduler',
    principal: 'etl_scheduler', source: 'airflow', remote_client_address: '10.0.7.31', user_agent: 'StatementClientV1/476',
  });
  const job = {
    namespace: context.producer.jobNamespace,
    name: context.jobName,
    facets: {
      jobType: facet(TRINO_PRODUCER, '2-0-4/JobTypeJobFacet.json#/$defs/JobTypeJobFacet', { processingType: 'BATCH', integration: 'TRINO', jobType: 'QUERY' }),
      sql: facet(TRINO_PRODUCER, '1-1-0/SQLJobFacet.json#/$defs/SQLJobFacet', { query: sql(context), dialect: 'trino' }),
    },
  };
  const engine = facet(TRINO_PRODUCER, '1-1-1/ProcessingEngineRunFacet.json#/$defs/ProcessingEngineRunFacet', { version: '476', name: 'trino' });
  const start = {
    eventTime: new Date(run.startMs).toISOString(),
    producer: TRINO_PRODUCER,
    schemaURL: RUN_EVENT_SCHEMA,
    eventType: 'START',
    run: {
      runId,
      facets: {
        processing_engine: engine,
        trino_metadata: facet(TRINO_PRODUCER, CUSTOM_RUN_FACET, { query_id: id, transaction_id: transactionId }),
        trino_query_context: queryContext,
      },
    },
    job,
  };
  const wallS = (run.endMs - run.startMs) / 1000;
  const rows = prng.int(1, 5_000_000);
  const end = {
    eventTime: new Date(run.endMs).toISOString(),
    producer: TRINO_PRODUCER,
    schemaURL: RUN_EVENT_SCHEMA,
    eventType: run.failed ? 'FAIL' : 'COMPLETE',
    run: {
      runId,
      facets: {
        processing_engine: engine,
        nominalTime: facet(TRINO_PRODUCER, '1-0-1/NominalTimeRunFacet.json#/$defs/NominalTimeRunFacet', {
          nominalStartTime: new Date(run.startMs).toISOString(), nominalEndTime: new Date(run.endMs).toISOString(),
        }),
        ...(run.failed
          ? { errorMessage: facet(TRINO_PRODUCER, '1-0-1/ErrorMessageRunFacet.json#/$defs/ErrorMessageRunFacet', { message: prng.pick(['Division by zero', 'Query exceeded per-node memory limit of 8GB', 'Table is being modified concurrently', 'Value cannot be cast to bigint']) }) }
          : {}),
        trino_metadata: facet(TRINO_PRODUCER, CUSTOM_RUN_FACET, {
          query_id: id, query_plan: `Trino version: 476\nFragment 0 [SINGLE]\n    Output layout: [rows]\n    TableCommit[target = ${context.outputs[0].name}]\n`, transaction_id: transactionId,
        }),
        trino_query_context: queryContext,
        trino_query_statistics: facet(TRINO_PRODUCER, CUSTOM_RUN_FACET, {
          cpuTime: (wallS * 1.7).toFixed(9), wallTime: wallS.toFixed(9), queuedTime: '0.004000000', planningTime: '0.094000000',
          executionTime: (wallS * 0.95).toFixed(9), peakUserMemoryBytes: String(prng.int(10_000, 900_000_000)),
          processedInputRows: String(rows * context.inputs.length), writtenRows: String(run.failed ? 0 : rows), outputRows: '1',
          completedSplits: String(prng.int(1, 4000)), complete: String(!run.failed),
        }),
      },
    },
    job,
    inputs: context.inputs.map((input, i) => ({
      namespace: input.namespace,
      name: input.name,
      facets: { dataSource: dataSource(input.namespace, input.name), schema: schemaFacet(TRINO_PRODUCER, columnsRead(context, i), null) },
    })),
    outputs: context.outputs.map((output) => ({
      namespace: output.namespace,
      name: output.name,
      facets: {
        columnLineage: columnLineageFacet(TRINO_PRODUCER, context, output),
        schema: schemaFacet(TRINO_PRODUCER, output.fields, TYPES),
        dataSource: dataSource(output.namespace, output.name),
      },
    })),
  };
  return [start, end];
}
