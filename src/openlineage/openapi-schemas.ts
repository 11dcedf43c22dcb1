import type { SchemaObject } from '@nestjs/swagger';

/**
 * The OpenLineage 2-0-2 events as OpenAPI 3.0 schemas, for the request bodies of the ingest
 * operations: run, job and dataset events with open facets (any facet name, any extra
 * property), as the spec defines them. The store checks the envelope (event-envelope.ts) and
 * keeps the rest verbatim.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const facets = (description: string): SchemaObject => ({
  type: 'object',
  description,
  additionalProperties: ref('OpenLineageFacet'),
});

const datasetProperties = {
  namespace: { type: 'string', example: 'trino://trino.example.com:8080', description: 'The namespace containing the dataset' },
  name: { type: 'string', example: 'hive.sales.orders', description: 'The name of the dataset within its namespace' },
  facets: facets('The dataset facets, by facet name'),
};

const eventBase = {
  eventTime: { type: 'string', format: 'date-time', description: 'When the event occurred' },
  producer: { type: 'string', format: 'uri', example: 'https://github.com/trinodb/trino/tree/477', description: 'URI of the producer' },
  schemaURL: {
    type: 'string',
    format: 'uri',
    example: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
    description: 'The version of the spec the event follows',
  },
};

export const OPENLINEAGE_SCHEMAS: Record<string, SchemaObject> = {
  OpenLineageFacet: {
    type: 'object',
    description: 'A facet: `_producer` and `_schemaURL`, then any properties its own schema defines',
    properties: {
      _producer: { type: 'string', format: 'uri' },
      _schemaURL: { type: 'string', format: 'uri' },
    },
    additionalProperties: true,
  },
  OpenLineageRun: {
    type: 'object',
    required: ['runId'],
    properties: { runId: { type: 'string', format: 'uuid' }, facets: facets('The run facets, by facet name') },
  },
  OpenLineageJob: {
    type: 'object',
    required: ['namespace', 'name'],
    properties: {
      namespace: { type: 'string', example: 'trino://trino.example.com:8080' },
      name: { type: 'string', example: 'query_20260716_080000_00001_abcde' },
      facets: facets('The job facets, by facet name'),
    },
  },
  OpenLineageInputDataset: {
    type: 'object',
    required: ['namespace', 'name'],
    properties: { ...datasetProperties, inputFacets: facets('The input facets, by facet name') },
  },
  OpenLineageOutputDataset: {
    type: 'object',
    required: ['namespace', 'name'],
    properties: { ...datasetProperties, outputFacets: facets('The output facets, by facet name') },
  },
  OpenLineageStaticDataset: {
    type: 'object',
    required: ['namespace', 'name'],
    properties: datasetProperties,
  },
  OpenLineageRunEvent: {
    type: 'object',
    description: 'A run of a job changed state (OpenLineage RunEvent)',
    required: ['eventTime', 'producer', 'schemaURL', 'run', 'job'],
    properties: {
      ...eventBase,
      eventType: { type: 'string', enum: ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'] },
      run: ref('OpenLineageRun'),
      job: ref('OpenLineageJob'),
      inputs: { type: 'array', items: ref('OpenLineageInputDataset') },
      outputs: { type: 'array', items: ref('OpenLineageOutputDataset') },
    },
  },
  OpenLineageJobEvent: {
    type: 'object',
    description: 'Static metadata of a job, outside any run (OpenLineage JobEvent)',
    required: ['eventTime', 'producer', 'schemaURL', 'job'],
    properties: {
      ...eventBase,
      job: ref('OpenLineageJob'),
      inputs: { type: 'array', items: ref('OpenLineageInputDataset') },
      outputs: { type: 'array', items: ref('OpenLineageOutputDataset') },
    },
  },
  OpenLineageDatasetEvent: {
    type: 'object',
    description: 'Static metadata of a dataset (OpenLineage DatasetEvent)',
    required: ['eventTime', 'producer', 'schemaURL', 'dataset'],
    properties: { ...eventBase, dataset: ref('OpenLineageStaticDataset') },
  },
};

/** The body of the ingest operations: any of the three events. */
export const OPENLINEAGE_EVENT: SchemaObject = {
  oneOf: [ref('OpenLineageRunEvent'), ref('OpenLineageJobEvent'), ref('OpenLineageDatasetEvent')],
};
