import type { SchemaField } from '../openlineage/facets';
import type { DatasetName } from '../openlineage/job-identity';

/**
 * What processors produce and appliers consume: one typed change to one table row. Every
 * stateful mutation carries its event's time and id (`at`, `eventId`): the appliers' guards order
 * by (at, eventId), so the outcome does not depend on arrival order.
 */
interface Stamped {
  at: Date;
  eventId: string;
}

export interface NamespaceMutation extends Stamped { type: 'namespace'; name: string }

export interface DatasetMutation extends Stamped {
  type: 'dataset';
  id: string;
  namespace: string;
  name: string;
  scheme: string;
  authority: string | null;
  kind: 'dataset' | 'symlink';
}

export interface EventDatasetMutation { type: 'eventDataset'; eventId: string; datasetId: string; role: 'input' | 'output' | 'dataset' | 'symlink' }

export interface SymlinkMutation { type: 'symlink'; datasetId: string; symlinkDatasetId: string; symlinkType: string | null; eventId: string }

/** facet null: removed by `{"_deleted": true}`. */
export interface DatasetFacetMutation extends Stamped { type: 'datasetFacet'; datasetId: string; name: string; facet: unknown }

export interface DatasetVersionMutation extends Stamped {
  type: 'datasetVersion';
  id: string;
  datasetId: string;
  schemaHash: string;
  fields: SchemaField[];
  typed: boolean;
  /** Set when the event wrote the dataset (an output): the run that produced this schema. */
  producedByRunId: string | null;
}

export interface JobMutation extends Stamped {
  type: 'job';
  id: string;
  namespace: string;
  name: string;
  /** The run of this event; null for a job event or a parent job named by a child. */
  runId: string | null;
}

export interface JobFacetMutation extends Stamped { type: 'jobFacet'; jobId: string; name: string; facet: unknown }

/** A job version a finished run had (src/projection/processors/processor.ts eventJobVersion). */
export interface JobVersionMutation extends Stamped {
  type: 'jobVersion';
  id: string;
  jobId: string;
  inputs: DatasetName[];
  outputs: DatasetName[];
  location: string | null;
  runId: string;
}

export type RunState = 'START' | 'RUNNING' | 'COMPLETE' | 'ABORT' | 'FAIL' | 'OTHER';

export interface RunMutation extends Stamped {
  type: 'run';
  id: string;
  jobId: string;
  /** null: the run is only named (as a parent) by this event. */
  state: RunState | null;
  /** The job version of a terminal event; null for any other. */
  jobVersionId: string | null;
}

export interface RunFacetMutation extends Stamped { type: 'runFacet'; runId: string; facetType: 'run' | 'job'; name: string; facet: unknown }

export interface RunDatasetMutation extends Stamped {
  type: 'runDataset';
  runId: string;
  direction: 'input' | 'output';
  datasetId: string;
  /** The typed version the event stated for it, if any. */
  versionId: string | null;
}

export interface LineageEdgeMutation extends Stamped {
  type: 'lineageEdge';
  jobId: string;
  direction: 'input' | 'output';
  datasetId: string;
  runId: string | null;
}

export interface ColumnLineageHeadMutation extends Stamped { type: 'columnLineageHead'; datasetId: string; field: string }

export interface ColumnLineageEdgeMutation extends Stamped {
  type: 'columnLineageEdge';
  outputDatasetId: string;
  outputField: string;
  inputDatasetId: string;
  inputField: string;
  transformationType: string;
  transformationSubtype: string;
  description: string | null;
  masking: boolean | null;
}

export interface TagMutation extends Stamped {
  type: 'tag';
  targetKind: 'dataset' | 'job' | 'run';
  targetId: string;
  field: string;
  key: string;
  value: string | null;
  source: string | null;
}

export interface SourceMutation extends Stamped { type: 'source'; name: string; uri: string | null }

export type Mutation =
  | NamespaceMutation
  | DatasetMutation
  | EventDatasetMutation
  | SymlinkMutation
  | DatasetFacetMutation
  | DatasetVersionMutation
  | JobMutation
  | JobFacetMutation
  | JobVersionMutation
  | RunMutation
  | RunFacetMutation
  | RunDatasetMutation
  | LineageEdgeMutation
  | ColumnLineageHeadMutation
  | ColumnLineageEdgeMutation
  | TagMutation
  | SourceMutation;

export type MutationType = Mutation['type'];
export type MutationOf<T extends MutationType> = Extract<Mutation, { type: T }>;

/** Mutations grouped by type: what one batch hands the appliers. */
export type MutationsByType = { [T in MutationType]: Array<MutationOf<T>> };

export function groupMutations(mutations: Iterable<Mutation>): MutationsByType {
  const groups = {
    namespace: [], dataset: [], eventDataset: [], symlink: [], datasetFacet: [], datasetVersion: [], job: [], jobFacet: [], jobVersion: [],
    run: [], runFacet: [], runDataset: [], lineageEdge: [], columnLineageHead: [], columnLineageEdge: [], tag: [], source: [],
  } as MutationsByType;
  for (const m of mutations) (groups[m.type] as Mutation[]).push(m);
  return groups;
}
