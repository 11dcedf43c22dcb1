import { JobEntity } from '../../database/entities/job.entity';
import { JobFacetEntity } from '../../database/entities/job-facet.entity';
import { JobVersionEntity } from '../../database/entities/job-version.entity';
import { firstSeen, lastSeen, latest } from './span';
import { fixed, ProjectionTable } from './table';

export const jobsTable = new ProjectionTable(JobEntity, {
  key: ['id'],
  rules: [
    fixed('namespace', 'name'),
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt']),
    latest(['latestRunId'], 'latestRunAt', 'latestRunEventId'),
    latest(['jobType', 'processingType', 'integration'], 'jobTypeAt', 'jobTypeEventId'),
    latest(['description'], 'descriptionAt', 'descriptionEventId'),
    latest(['sql'], 'sqlAt', 'sqlEventId'),
    latest(['sourceCodeType', 'sourceCodeUrl'], 'sourceCodeAt', 'sourceCodeEventId'),
    latest(['parentJobId'], 'parentAt', 'parentEventId'),
  ],
});

/** facet null: a `{"_deleted": true}` tombstone. */
export const jobFacetsTable = new ProjectionTable(JobFacetEntity, {
  key: ['jobId', 'name'],
  rules: [latest(['facet'], 'eventTime', 'eventId')],
});

/** Inputs, outputs and location are part of a version's id, so they never change. */
export const jobVersionsTable = new ProjectionTable(JobVersionEntity, {
  key: ['id'],
  rules: [
    fixed('jobId', 'inputs', 'outputs', 'location'),
    firstSeen(['firstSeenAt', 'firstEventId', 'firstRunId'], ['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt', 'lastEventId', 'lastRunId'], ['lastSeenAt', 'lastEventId']),
  ],
});
