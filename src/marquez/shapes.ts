import {
  DatasetNodeView, DatasetVersionRef, RunRefView, DatasetVersionView, DatasetView, FieldView, JobNodeView, JobVersionView, JobView, RunEventState, RunSummaryView, RunView,
} from '../read/shared/views';
import { LatestAssertionsDto } from '../read/quality/quality.dto';
import { MarquezColumnLineageDto, MarquezDatasetDataDto, MarquezDatasetDto, MarquezDatasetVersionDto, MarquezFieldDto } from './dataset.dto';
import { MarquezJobDto, MarquezJobVersionDto } from './job.dto';
import { MarquezJobDataDto } from './lineage.dto';
import { isTerminalState } from '../openlineage/run-state';
import { MarquezRunDto, MarquezRunRefDto, MarquezRunSummaryDto, RunState } from './run.dto';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** OpenLineage event type of the run's winning event -> Marquez run state. */
export function runState(state: RunEventState): RunState {
  switch (state) {
    case 'START':
    case 'RUNNING':
      return 'RUNNING';
    case 'COMPLETE':
      return 'COMPLETED';
    case 'FAIL':
      return 'FAILED';
    case 'ABORT':
      return 'ABORTED';
    default:
      // Known only as a parent, or only OTHER events: nothing says it started.
      return 'NEW';
  }
}

/** Marquez lastRunStates -> the states the model stores ('NEW' stands for a run with none). */
export function modelStates(states: string[]): string[] {
  const map: Record<string, string[]> = {
    NEW: ['NEW', 'OTHER'],
    RUNNING: ['START', 'RUNNING'],
    COMPLETED: ['COMPLETE'],
    FAILED: ['FAIL'],
    ABORTED: ['ABORT'],
    OTHER: ['OTHER'],
  };
  return [...new Set(states.flatMap((s) => map[s] ?? []))];
}

/** A run's state and times, as a lineage node's latestRun carries it. */
export function runSummaryShape(run: RunSummaryView): MarquezRunSummaryDto {
  const finished = isTerminalState(run.state);
  const durationMs = finished && run.startedAt && run.endedAt ? Math.max(0, run.endedAt.getTime() - run.startedAt.getTime()) : null;
  return {
    id: run.id,
    createdAt: run.firstSeenAt.toISOString(),
    updatedAt: run.lastSeenAt.toISOString(),
    nominalStartTime: iso(run.nominalStartTime),
    nominalEndTime: iso(run.nominalEndTime),
    state: runState(run.state),
    startedAt: iso(run.startedAt),
    endedAt: finished ? iso(run.endedAt) : null,
    durationMs,
    args: {},
    jobVersion: run.jobVersionId ? { namespace: run.jobNamespace, name: run.jobName, version: run.jobVersionId } : null,
  };
}

function runRefShape(run: RunRefView | null): MarquezRunRefDto | null {
  return run ? { id: run.id, job: { namespace: run.jobNamespace, name: run.jobName } } : null;
}

export function runShape(run: RunView): MarquezRunDto {
  const version = (v: DatasetVersionRef) => ({
    datasetVersionId: { namespace: v.namespace, name: v.name, version: v.version },
    facets: {},
  });
  return {
    ...runSummaryShape(run),
    job: { namespace: run.jobNamespace, name: run.jobName },
    parentRun: runRefShape(run.parentRun),
    rootRun: runRefShape(run.rootRun),
    inputDatasetVersions: run.inputs.map(version),
    outputDatasetVersions: run.outputs.map(version),
    facets: run.facets,
  };
}

/** Marquez's job type from the jobType facet's processingType (OpenLineage says STREAMING, Marquez STREAM). */
function jobType(processingType: string | null): 'BATCH' | 'STREAM' | 'SERVICE' {
  switch (processingType?.toUpperCase()) {
    case 'STREAMING':
    case 'STREAM':
      return 'STREAM';
    case 'SERVICE':
      return 'SERVICE';
    default:
      return 'BATCH';
  }
}

function simpleName(name: string, parentJobName: string | null): string {
  if (parentJobName && name.startsWith(`${parentJobName}.`)) return name.slice(parentJobName.length + 1);
  return name;
}

/** A job as a lineage node carries it (Marquez's JobData). */
export function jobDataShape(job: JobNodeView): MarquezJobDataDto {
  return {
    id: { namespace: job.namespace, name: job.name },
    type: jobType(job.processingType),
    name: job.name,
    simpleName: simpleName(job.name, job.parentJobName),
    parentJobName: job.parentJobName,
    parentJobUuid: job.parentJobId,
    parentJob: job.parentJobId && job.parentJobNamespace !== null && job.parentJobName !== null ? { namespace: job.parentJobNamespace, name: job.parentJobName } : null,
    processingType: job.processingType,
    integration: job.integration,
    jobType: job.jobType,
    // The run latestRun shows: the job row's latest_run_id ranks runs by event time, latestRun by first seen.
    currentRunUuid: job.latestRun?.id ?? null,
    createdAt: job.firstSeenAt.toISOString(),
    updatedAt: job.lastSeenAt.toISOString(),
    namespace: job.namespace,
    inputs: job.inputs,
    outputs: job.outputs,
    location: job.sourceCodeUrl,
    description: job.description,
    latestRun: job.latestRun ? runSummaryShape(job.latestRun) : null,
  };
}

export function jobShape(job: JobView): MarquezJobDto {
  const runs = job.latestRuns.map(runShape);
  const { currentRunUuid: _currentRun, ...data } = jobDataShape({ ...job, latestRun: null });
  return {
    ...data,
    latestRun: runs[0] ?? null,
    // The dashboard calls latestRuns.reduce() without an initial value: null, never [].
    latestRuns: runs.length > 0 ? runs : null,
    facets: job.facets,
    currentVersion: job.currentVersionId,
    labels: [],
    tags: job.tags,
  };
}

export function jobVersionShape(version: JobVersionView): MarquezJobVersionDto {
  return {
    id: { namespace: version.jobNamespace, name: version.jobName, version: version.version },
    name: version.jobName,
    version: version.version,
    createdAt: version.createdAt.toISOString(),
    namespace: version.jobNamespace,
    inputs: version.inputs,
    outputs: version.outputs,
    location: version.location,
    latestRun: version.latestRun ? runShape(version.latestRun) : null,
  };
}

function fieldShape(field: FieldView): MarquezFieldDto {
  return { name: field.name, type: field.type, tags: field.tags, description: field.description };
}

function columnLineageShape(dataset: DatasetView): MarquezColumnLineageDto[] | null {
  if (dataset.columnLineage.length === 0) return null;
  return dataset.columnLineage.map((c) => ({
    name: c.field,
    inputFields: c.inputs.map((i) => ({
      namespace: i.namespace,
      dataset: i.name,
      field: i.field,
      transformationDescription: i.description,
      transformationType: i.transformationType,
      transformationSubtype: i.transformationSubtype,
      masking: i.masking,
      source: i.source,
    })),
    transformationDescription: null,
    transformationType: null,
  }));
}


/** A dataset as a lineage node carries it (Marquez's DatasetData). */
export function datasetDataShape(dataset: DatasetNodeView): MarquezDatasetDataDto {
  return {
    id: { namespace: dataset.namespace, name: dataset.name },
    type: 'DB_TABLE',
    name: dataset.name,
    physicalName: dataset.name,
    createdAt: dataset.firstSeenAt.toISOString(),
    updatedAt: dataset.lastSeenAt.toISOString(),
    namespace: dataset.namespace,
    sourceName: dataset.sourceName ?? dataset.namespace,
    fields: dataset.fields.map(fieldShape),
    tags: dataset.tags,
    lastModifiedAt: iso(dataset.lastModifiedAt),
    lastLifecycleState: dataset.lifecycleState,
    description: dataset.description,
  };
}

/**
 * Marquez's UI shows a dataset's Quality from `facets.dataQualityAssertions` (of its current
 * version, where Marquez keeps a run's input facets): the projected latest assertions fill it.
 */
function withAssertions(facets: Record<string, unknown>, latest: LatestAssertionsDto | null): Record<string, unknown> {
  if (!latest) return facets;
  const assertions = latest.assertions.map((a) => ({ assertion: a.assertion, ...(a.column === null ? {} : { column: a.column }), success: a.success }));
  return { ...facets, dataQualityAssertions: { assertions } };
}

export function datasetShape(dataset: DatasetView, latestAssertions: LatestAssertionsDto | null = null): MarquezDatasetDto {
  return {
    ...datasetDataShape(dataset),
    currentVersion: dataset.currentVersionId,
    columnLineage: columnLineageShape(dataset),
    facets: withAssertions(dataset.facets, latestAssertions),
    deleted: false,
  };
}

export function datasetVersionShape(version: DatasetVersionView): MarquezDatasetVersionDto {
  return {
    id: { namespace: version.namespace, name: version.name, version: version.version },
    type: 'DB_TABLE',
    name: version.name,
    physicalName: version.name,
    createdAt: version.createdAt.toISOString(),
    version: version.version,
    namespace: version.namespace,
    sourceName: version.sourceName ?? version.namespace,
    fields: version.fields.map(fieldShape),
    tags: [],
    lifecycleState: version.lifecycleState,
    description: version.description,
    createdByRun: version.createdByRun ? runShape(version.createdByRun) : null,
    facets: version.facets,
  };
}
