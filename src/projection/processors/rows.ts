import { parseNamespace } from '../../openlineage/dataset-identity';
import { datasetId } from '../../openlineage/dataset-identity';
import { jobId } from '../../openlineage/job-identity';
import { RowOf } from '../tables';
import { Stamp } from './processor';

/**
 * The row of a dataset or job that an event names, stating only what every mention states (its
 * identity and that it was seen); processors add the groups they read.
 */
export function datasetMention(namespace: string, name: string, kind: 'dataset' | 'symlink', stamp: Stamp): RowOf<'datasets'> {
  return {
    id: datasetId(namespace, name),
    namespace,
    name,
    ...parseNamespace(namespace),
    kind,
    firstSeenAt: stamp.at,
    firstEventId: stamp.eventId,
    lastSeenAt: stamp.at,
    description: null,
    descriptionAt: null,
    descriptionEventId: null,
    sourceName: null,
    sourceNameAt: null,
    sourceNameEventId: null,
    currentVersionId: null,
    currentVersionAt: null,
    currentVersionEventId: null,
  };
}

export function jobMention(namespace: string, name: string, stamp: Stamp): RowOf<'jobs'> {
  return {
    id: jobId(namespace, name),
    namespace,
    name,
    firstSeenAt: stamp.at,
    firstEventId: stamp.eventId,
    lastSeenAt: stamp.at,
    latestRunId: null,
    latestRunAt: null,
    latestRunEventId: null,
    jobType: null,
    processingType: null,
    integration: null,
    jobTypeAt: null,
    jobTypeEventId: null,
    description: null,
    descriptionAt: null,
    descriptionEventId: null,
    sql: null,
    sqlAt: null,
    sqlEventId: null,
    sourceCodeType: null,
    sourceCodeUrl: null,
    sourceCodeAt: null,
    sourceCodeEventId: null,
    parentJobId: null,
    parentAt: null,
    parentEventId: null,
  };
}

export function runMention(id: string, jobIdOfRun: string, stamp: Stamp): RowOf<'runs'> {
  return {
    id,
    jobId: jobIdOfRun,
    state: null,
    stateAt: null,
    stateEventId: null,
    endedAt: null,
    jobVersionId: null,
    startedAt: null,
    firstSeenAt: stamp.at,
    lastSeenAt: stamp.at,
    nominalStartTime: null,
    nominalEndTime: null,
    nominalTimeAt: null,
    nominalTimeEventId: null,
    errorMessage: null,
    errorMessageAt: null,
    errorMessageEventId: null,
    parentRunId: null,
    rootRunId: null,
    parentAt: null,
    parentEventId: null,
  };
}
