import { RunEntity } from '../../database/entities/run.entity';
import { RunDatasetEntity } from '../../database/entities/run-dataset.entity';
import { RunFacetEntity } from '../../database/entities/run-facet.entity';
import { isTerminalState, TERMINAL_STATES } from '../../openlineage/run-state';
import { firstSeen, lastSeen, latest } from './span';
import { fixed, ProjectionTable, ranked } from './table';

const terminalSql = `(${[...TERMINAL_STATES].map((s) => `'${s}'`).join(', ')})`;

export const runsTable = new ProjectionTable(RunEntity, {
  key: ['id'],
  rules: [
    fixed('jobId'),
    // A terminal state beats any other, then the later event time, then the greater event id:
    // START, RUNNING or OTHER never move a finished run back. A mention without state sets none.
    ranked(['state', 'stateAt', 'stateEventId', 'endedAt', 'jobVersionId'], {
      keep: 'greatest',
      rank: [{ ts: (r) => isTerminalState(r.state), sql: (c) => `${c('state')} IN ${terminalSql}` }, 'stateAt', 'stateEventId'],
      presentIf: 'stateAt',
    }),
    ranked(['startedAt'], { keep: 'least', presentIf: 'startedAt' }),
    firstSeen(['firstSeenAt']),
    lastSeen(['lastSeenAt']),
    latest(['nominalStartTime', 'nominalEndTime'], 'nominalTimeAt', 'nominalTimeEventId'),
    latest(['errorMessage'], 'errorMessageAt', 'errorMessageEventId'),
    latest(['parentRunId', 'rootRunId'], 'parentAt', 'parentEventId'),
  ],
});

/** A run's facets (its run facets and the job facets its events carried): the latest event per name that carried it. */
export const runFacetsTable = new ProjectionTable(RunFacetEntity, {
  key: ['runId', 'facetType', 'name'],
  rules: [latest([], 'eventTime', 'eventId')],
});

/** The datasets a run read and wrote; the version follows the latest event that stated a typed one. */
export const runDatasetsTable = new ProjectionTable(RunDatasetEntity, {
  key: ['runId', 'direction', 'datasetId'],
  rules: [latest(['versionId'], 'versionAt', 'versionEventId'), firstSeen(['firstSeenAt']), lastSeen(['lastSeenAt'])],
});
