import type { RunState } from '../../openlineage/run-state';
import type { LineageSource } from './lineage-source';

/** What the read side returns: the current state of the model, in domain terms (no HTTP shapes). */

export type Facets = Record<string, unknown>;

export interface FieldView {
  name: string;
  type: string | null;
  description: string | null;
  tags: string[];
}

export interface DatasetRef {
  namespace: string;
  name: string;
}

/** A dataset as a run saw it: the version, or null when the dataset had no schema then. */
export interface DatasetVersionRef extends DatasetRef {
  version: string | null;
}

/** A run and its job: how a run names its parent and root. */
export interface RunRefView {
  id: string;
  jobNamespace: string;
  jobName: string;
}

/** OpenLineage event types, as the model stores a run's state; null: known only as a parent. */
export type RunEventState = RunState | null;

export interface RunView {
  id: string;
  jobNamespace: string;
  jobName: string;
  state: RunEventState;
  firstSeenAt: Date;
  lastSeenAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
  nominalStartTime: Date | null;
  nominalEndTime: Date | null;
  errorMessage: string | null;
  parentRunId: string | null;
  /** The root run its `parent` facet named; null when it named none. */
  rootRunId: string | null;
  /** The run its latest `parent` facet named. */
  parentRun: RunRefView | null;
  /** The root of its hierarchy: the root its `parent` facet named, else the top of its parent chain; null without a parent. */
  rootRun: RunRefView | null;
  /** The job version the run finished as; null while unfinished. */
  jobVersionId: string | null;
  facets: Facets;
  inputs: DatasetVersionRef[];
  outputs: DatasetVersionRef[];
}

/** A run's state and times, without its facets and dataset versions. */
export type RunSummaryView = Omit<RunView, 'facets' | 'inputs' | 'outputs' | 'parentRun' | 'rootRun'>;

export interface JobView {
  id: string;
  namespace: string;
  name: string;
  processingType: string | null;
  jobType: string | null;
  integration: string | null;
  description: string | null;
  sql: string | null;
  sourceCodeUrl: string | null;
  parentJobId: string | null;
  parentJobNamespace: string | null;
  parentJobName: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
  facets: Facets;
  tags: string[];
  inputs: DatasetRef[];
  outputs: DatasetRef[];
  /** Newest first; at most the number asked for. */
  latestRuns: RunView[];
  /** The version of the job's latest finished run; null when no run finished. */
  currentVersionId: string | null;
}

/** A job's namespace, name, inputs, outputs and source code location, as finished runs had them. */
export interface JobVersionView {
  version: string;
  jobNamespace: string;
  jobName: string;
  /** The earliest event time of a finished run with this version. */
  createdAt: Date;
  location: string | null;
  inputs: DatasetRef[];
  outputs: DatasetRef[];
  /** The latest finished run with this version. */
  latestRun: RunView | null;
}

export interface ColumnInputView extends DatasetRef {
  field: string;
  transformationType: string | null;
  transformationSubtype: string | null;
  description: string | null;
  masking: boolean | null;
  /** Observed by runs, declared (a job event's or dataset's `lineage` facet), or both. */
  source: LineageSource;
}

export interface ColumnLineageView {
  field: string;
  inputs: ColumnInputView[];
}

export interface DatasetView extends DatasetRef {
  id: string;
  scheme: string;
  authority: string | null;
  kind: 'dataset' | 'symlink';
  firstSeenAt: Date;
  lastSeenAt: Date;
  description: string | null;
  sourceName: string | null;
  currentVersionId: string | null;
  facets: Facets;
  fields: FieldView[];
  tags: string[];
  /** Current column lineage of its output fields, observed and declared; [] when none. */
  columnLineage: ColumnLineageView[];
  /** ended_at of the latest COMPLETE run that wrote it. */
  lastModifiedAt: Date | null;
  /** From the current lifecycleStateChange facet. */
  lifecycleState: string | null;
}

/** A dataset as a lineage graph node shows it (Marquez's DatasetData): no facets, no column lineage. */
export type DatasetNodeView = Omit<DatasetView, 'facets' | 'columnLineage'>;

/** A job as a lineage graph node shows it (Marquez's JobData): its latest run, no facets, tags or versions. */
export type JobNodeView = Omit<JobView, 'facets' | 'tags' | 'latestRuns' | 'currentVersionId'> & { latestRun: RunSummaryView | null };

export interface DatasetVersionView extends DatasetRef {
  datasetId: string;
  version: string;
  createdAt: Date;
  sourceName: string | null;
  description: string | null;
  fields: FieldView[];
  facets: Facets;
  /** From the lifecycleStateChange facet when this is the current version. */
  lifecycleState: string | null;
  createdByRun: RunView | null;
}
