/**
 * Names for the API types generated from the service's own OpenAPI document (schema.d.ts, by
 * `npm run ui:types`; test/ui/api-types.test.ts fails when it is stale).
 */
import type { components, operations } from './schema';

type Schemas = components['schemas'];
type Operation = keyof operations;

/** The query parameters an operation takes (none: an empty object). */
export type QueryOf<O extends Operation> = [NonNullable<operations[O]['parameters']['query']>] extends [never] ? Record<string, never> : NonNullable<operations[O]['parameters']['query']>;

/** The JSON body an operation answers with 200. */
export type ResponseOf<O extends Operation> = operations[O]['responses'] extends { 200: { content: { 'application/json': infer T } } } ? T : never;

export type Dataset = Schemas['DatasetDto'];
export type DatasetList = Schemas['DatasetListDto'];
export type Symlink = Schemas['SymlinkDto'];
export type DatasetEvent = Schemas['DatasetEventDto'];
export type DatasetDetail = Schemas['DatasetDetailDto'];
export type StoredEvent = Schemas['StoredEventDto'];
export type NamespaceList = Schemas['MarquezNamespaceListDto'];
export type MarquezDataset = Schemas['MarquezDatasetDto'];
export type DatasetVersionList = Schemas['MarquezDatasetVersionListDto'];
export type DatasetQuality = Schemas['DatasetQualityDto'];
export type RunQuality = Schemas['RunQualityDto'];
export type QualityAssertion = Schemas['AssertionDto'];

export type Job = Schemas['MarquezJobDto'];
/** What a lineage graph node carries for a job or a dataset (Marquez's JobData and DatasetData). */
export type JobNodeData = Schemas['MarquezJobDataDto'];
export type DatasetNodeData = Schemas['MarquezDatasetDataDto'];
export type JobList = Schemas['MarquezJobListDto'];
export type Run = Schemas['MarquezRunDto'];
export type RunList = Schemas['MarquezRunListDto'];
export type RunDatasetVersion = Schemas['MarquezRunDatasetVersionDto'];
export type RunFacets = Schemas['MarquezFacetsResultDto'];
export type EventSummary = Schemas['EventSummaryDto'];
export type NamespaceCounts = Schemas['NamespaceCountsDto'];
export type DatasetDependency = Schemas['DatasetDependencyDto'];

export type SearchResultList = Schemas['MarquezSearchResultListDto'];
export type LineageEventStat = Schemas['LineageEventStatDto'];
export type CountStat = Schemas['CountStatDto'];

/** A column-level node's data: the field, its dataset and type, and the fields it is computed from. */
export type FieldData = Schemas['MarquezFieldDataDto'];

/** A node of the table-level graph (datasets and jobs) or of the column-level graph (fields). */
export type LineageNode = Schemas['MarquezGraphNodeDto'] | Schemas['MarquezFieldNodeDto'];

/** Either graph: /api/v1/lineage or /api/v1/column-lineage. */
export interface LineageGraph {
  graph: LineageNode[];
  /** Ours: true when the node cap cut the walk short. */
  truncated?: boolean;
  /** Ours, column level: the dataset-level dependencies of the graph's datasets. */
  datasetDependencies?: DatasetDependency[];
}
