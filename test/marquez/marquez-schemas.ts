/**
 * JSON schemas of the Marquez responses the store serves, written for this project from Marquez's
 * openapi.yml (0.51.2-SNAPSHOT, components/schemas) and its web UI's contract (the fields the UI
 * reads that the spec lacks). Kept here so the tests need nothing outside the repository.
 *
 * Rules applied when deriving them:
 * - Every property Marquez sends is required: Marquez writes optional keys as null, not absent.
 * - null is allowed only where the spec leaves a property optional (Marquez's @Nullable fields),
 *   never for a property the spec or the UI contract requires (`R!`).
 * - Where the spec contradicts what Marquez serves and its UI reads, the served shape wins, each
 *   marked DEVIATION: DatasetVersion.tags is an array, not a string; FacetsResult.facets is a map
 *   of facets, not one facet; run dataset-version facets are objects, not strings; Field.type may
 *   be null (Marquez's Field.type is @Nullable; a name-only schema gives no type);
 *   DatasetVersion.description may be null although the spec lists it as required; a run's
 *   dataset version is null where the dataset had no schema (Marquez makes one per run).
 * - Facets are open objects: they are stored and returned as the producer sent them.
 * - Added from the UI contract: Job.tags, Job.labels, Namespace.isHidden, Dataset.columnLineage,
 *   DatasetVersion.lifecycleState, totalCount on the run and version lists, the /stats and
 *   /jobs shapes, latestRuns null-not-empty, run events only on /events/lineage.
 * - Added by this store, as on the other lists: totalCount on the job version list (Marquez sends
 *   only `versions`).
 */
type Schema = Record<string, unknown>;

const str: Schema = { type: 'string' };
const nullableStr: Schema = { type: ['string', 'null'] };
const dateTime: Schema = { type: 'string', format: 'date-time' };
const nullableDateTime: Schema = { anyOf: [dateTime, { type: 'null' }] };
const uuid: Schema = { type: 'string', format: 'uuid' };
const nullableUuid: Schema = { anyOf: [uuid, { type: 'null' }] };
const facetMap: Schema = { type: 'object', additionalProperties: { type: 'object' } };
const count: Schema = { type: 'integer', minimum: 0 };

const object = (properties: Record<string, Schema>, extra: Schema = {}): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...extra,
});
const arrayOf = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: 'null' }] });
const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });

const definitions: Record<string, Schema> = {
  Namespace: object({
    name: str,
    createdAt: dateTime,
    updatedAt: dateTime,
    ownerName: str,
    description: nullableStr,
    isHidden: { type: 'boolean' },
  }),
  NamespaceList: object({ namespaces: arrayOf(ref('Namespace')) }),

  DatasetId: object({ namespace: str, name: str }),
  DatasetVersionId: object({ namespace: str, name: str, version: uuid }),
  JobVersionId: object({ namespace: str, name: str, version: uuid }),
  Field: object({ name: str, type: nullableStr /* DEVIATION */, tags: arrayOf(str), description: nullableStr }),
  ColumnLineageInputField: object({
    namespace: str,
    dataset: str,
    field: str,
    transformationDescription: nullableStr,
    transformationType: nullableStr,
  }),
  ColumnLineage: object({
    name: str,
    inputFields: arrayOf(ref('ColumnLineageInputField')),
    transformationDescription: nullableStr,
    transformationType: nullableStr,
  }),
  Dataset: object({
    id: ref('DatasetId'),
    type: { enum: ['DB_TABLE', 'STREAM'] },
    name: str,
    physicalName: str,
    createdAt: dateTime,
    updatedAt: dateTime,
    namespace: str,
    sourceName: str,
    fields: arrayOf(ref('Field')),
    tags: arrayOf(str),
    lastModifiedAt: nullableDateTime,
    lastLifecycleState: nullableStr,
    description: nullableStr,
    currentVersion: nullableUuid,
    columnLineage: nullable(arrayOf(ref('ColumnLineage'), { minItems: 1 })),
    facets: facetMap,
    deleted: { type: 'boolean' },
  }),
  DatasetList: object({ datasets: arrayOf(ref('Dataset')), totalCount: count }),
  DatasetVersion: object({
    id: ref('DatasetVersionId'),
    type: { enum: ['DB_TABLE', 'STREAM'] },
    name: str,
    physicalName: str,
    createdAt: dateTime,
    version: uuid,
    namespace: str,
    sourceName: str,
    fields: arrayOf(ref('Field')),
    tags: arrayOf(str) /* DEVIATION */,
    lifecycleState: nullableStr,
    description: nullableStr /* DEVIATION */,
    createdByRun: nullable(ref('Run')),
    facets: facetMap,
  }),
  DatasetVersionList: object({ versions: arrayOf(ref('DatasetVersion')), totalCount: count }),

  // DEVIATION: a run lists every dataset it named; version is null where the dataset had no schema (Marquez makes a version per run).
  RunDatasetVersionId: object({ namespace: str, name: str, version: nullableUuid }),
  RunDatasetVersion: object({ datasetVersionId: ref('RunDatasetVersionId'), facets: facetMap /* DEVIATION */ }),
  Run: object({
    id: uuid,
    createdAt: dateTime,
    updatedAt: dateTime,
    nominalStartTime: nullableDateTime,
    nominalEndTime: nullableDateTime,
    state: { enum: ['NEW', 'RUNNING', 'COMPLETED', 'FAILED', 'ABORTED'] },
    startedAt: nullableDateTime,
    endedAt: nullableDateTime,
    durationMs: { type: ['integer', 'null'], minimum: 0 },
    args: { type: 'object' },
    jobVersion: nullable(ref('JobVersionId')),
    inputDatasetVersions: arrayOf(ref('RunDatasetVersion')),
    outputDatasetVersions: arrayOf(ref('RunDatasetVersion')),
    facets: facetMap,
  }),
  RunList: object({ runs: arrayOf(ref('Run')), totalCount: count }),
  FacetsResult: object({ runId: uuid, facets: facetMap /* DEVIATION */ }),

  JobId: object({ namespace: str, name: str }),
  Job: object({
    id: ref('JobId'),
    type: { enum: ['BATCH', 'STREAM', 'SERVICE'] },
    name: str,
    simpleName: str,
    parentJobName: nullableStr,
    parentJobUuid: nullableUuid,
    createdAt: dateTime,
    updatedAt: dateTime,
    namespace: str,
    inputs: arrayOf(ref('DatasetId'), { uniqueItems: true }),
    outputs: arrayOf(ref('DatasetId'), { uniqueItems: true }),
    location: nullableStr,
    description: nullableStr,
    latestRun: nullable(ref('Run')),
    // The dashboard calls latestRuns.reduce() without an initial value: null, never [].
    latestRuns: nullable(arrayOf(ref('Run'), { minItems: 1, maxItems: 10 })),
    facets: facetMap,
    currentVersion: nullableUuid,
    labels: arrayOf(str),
    tags: arrayOf(str),
  }),
  JobList: object({ jobs: arrayOf(ref('Job')), totalCount: count }),
  // Marquez's JobVersion (api/models/JobVersion.java) sends no facets; location and latestRun are @Nullable.
  JobVersion: object({
    id: ref('JobVersionId'),
    name: str,
    version: uuid,
    createdAt: dateTime,
    namespace: str,
    inputs: arrayOf(ref('DatasetId'), { uniqueItems: true }),
    outputs: arrayOf(ref('DatasetId'), { uniqueItems: true }),
    location: nullableStr,
    latestRun: nullable(ref('Run')),
  }),
  JobVersionList: object({ versions: arrayOf(ref('JobVersion')), totalCount: count }),

  Tag: object({ name: str, description: nullableStr }),
  TagList: object({ tags: arrayOf(ref('Tag')) }),

  SearchResult: object({
    type: { enum: ['DATASET', 'JOB'] },
    name: str,
    updatedAt: dateTime,
    namespace: str,
    nodeId: { type: 'string', pattern: '^(dataset|job):' },
  }),
  SearchResultList: object({ totalCount: count, results: arrayOf(ref('SearchResult')) }),

  // openapi.yml gives LineageEvent only an example; the UI reads run.runId, job.namespace, job.name.
  LineageEvent: object(
    {
      eventType: str,
      eventTime: dateTime,
      run: object({ runId: uuid }),
      job: object({ namespace: str, name: str }),
    },
    { required: ['eventTime', 'run', 'job'] },
  ),
  LineageEventList: object({ events: arrayOf(ref('LineageEvent')), totalCount: count }),

  LineageEventStats: arrayOf(
    object({ startInterval: dateTime, endInterval: dateTime, fail: count, start: count, complete: count, abort: count }),
  ),
  CountStats: arrayOf(object({ startInterval: dateTime, endInterval: dateTime, count })),
};

export type MarquezSchemaName = keyof typeof definitions;
export const MARQUEZ_DEFINITIONS = definitions;
