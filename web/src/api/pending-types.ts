/**
 * PENDING: hand-written types for read endpoints that are not in our OpenAPI document yet (jobs,
 * runs, dataset versions, lineage, column lineage, search, stats). They follow Marquez's shapes
 * (shared/marquez/openapi.yml and web-ui-contract.md), and only the fields this UI reads. When an
 * endpoint lands, run `npm run ui:types`, alias its generated type in types.ts and delete it here.
 */

export type RunState = 'NEW' | 'RUNNING' | 'COMPLETED' | 'ABORTED' | 'FAILED' | 'OTHER';

export interface DatasetVersionId {
  namespace: string;
  name: string;
  version: string;
}

export interface RunDatasetVersion {
  datasetVersionId: DatasetVersionId;
  facets: Record<string, unknown>;
}

export interface Run {
  id: string;
  createdAt: string;
  updatedAt: string;
  nominalStartTime: string | null;
  nominalEndTime: string | null;
  state: RunState;
  startedAt: string | null;
  endedAt: string | null;
  durationMs: number | null;
  jobVersion?: { namespace: string; name: string; version?: string | null } | null;
  inputDatasetVersions?: RunDatasetVersion[];
  outputDatasetVersions?: RunDatasetVersion[];
  facets: Record<string, unknown>;
}

export interface RunList {
  runs: Run[];
  totalCount?: number;
}

export interface RunFacets {
  runId: string;
  facets: Record<string, unknown>;
}

export interface DatasetId {
  namespace: string;
  name: string;
}

export interface Job {
  id: DatasetId;
  type: string | null;
  name: string;
  namespace: string;
  createdAt: string;
  updatedAt: string;
  inputs: DatasetId[];
  outputs: DatasetId[];
  location: string | null;
  description: string | null;
  latestRun: Run | null;
  latestRuns?: Run[] | null;
  facets?: Record<string, unknown>;
  tags?: string[];
}

export interface JobList {
  jobs: Job[];
  totalCount: number;
}

export interface DatasetVersion {
  id: DatasetId;
  name: string;
  namespace: string;
  version: string;
  createdAt: string;
  fields: { name: string; type: string | null; tags?: string[]; description?: string | null }[];
  createdByRun: Run | null;
  facets?: Record<string, unknown>;
}

export interface DatasetVersionList {
  versions: DatasetVersion[];
  totalCount?: number;
}

export interface LineageEdge {
  origin: string;
  destination: string;
}

export type LineageNodeType = 'DATASET' | 'JOB' | 'DATASET_FIELD';

export interface LineageNode {
  id: string;
  type: LineageNodeType;
  inEdges: LineageEdge[];
  outEdges: LineageEdge[];
  data: {
    name?: string;
    namespace?: string;
    type?: string | null;
    /** DATASET_FIELD nodes */
    dataset?: string;
    field?: string;
    fieldType?: string | null;
    fields?: { name: string; type?: string | null }[];
    latestRun?: Run | null;
  } | null;
}

export interface LineageGraph {
  graph: LineageNode[];
  /** Ours: true when the node cap cut the walk short. */
  truncated?: boolean;
}

export interface SearchResult {
  type: 'DATASET' | 'JOB';
  name: string;
  namespace: string;
  updatedAt: string;
  nodeId: string;
}

export interface SearchResultList {
  totalCount: number;
  results: SearchResult[];
}

export interface LineageEventStat {
  startInterval: string;
  endInterval: string;
  start: number;
  complete: number;
  fail: number;
  abort: number;
}

export interface CountStat {
  startInterval: string;
  endInterval: string;
  count: number;
}
