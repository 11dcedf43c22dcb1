import { facetsOf, readParent, readTags } from '../../openlineage/facets';
import { jobId } from '../../openlineage/job-identity';
import { readDescription, readJobType, readSourceCode, readSql } from '../../openlineage/meta-facets';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { currentFacetEntries, eventJob, eventJobVersion, EventJob, Stamp, stampOf, stampWhen } from './processor';
import { jobMention } from './rows';

/** What a job's facets say of it: type, description, SQL, source code location. */
function jobMeta(job: EventJob, stamp: Stamp) {
  const type = readJobType(job.facets);
  const documentation = readDescription(job.facets);
  const sql = readSql(job.facets);
  const sourceCode = readSourceCode(job.facets);
  const typedAt = stampWhen(type !== undefined, stamp);
  const describedAt = stampWhen(documentation !== undefined, stamp);
  const sqlAt = stampWhen(sql !== undefined, stamp);
  const sourceAt = stampWhen(sourceCode !== undefined, stamp);
  return {
    jobType: type?.jobType ?? null,
    processingType: type?.processingType ?? null,
    integration: type?.integration ?? null,
    jobTypeAt: typedAt.at,
    jobTypeEventId: typedAt.eventId,
    description: documentation?.description ?? null,
    descriptionAt: describedAt.at,
    descriptionEventId: describedAt.eventId,
    sql: sql?.sql ?? null,
    sqlAt: sqlAt.at,
    sqlEventId: sqlAt.eventId,
    sourceCodeType: sourceCode?.sourceCodeType ?? null,
    sourceCodeUrl: sourceCode?.sourceCodeUrl ?? null,
    sourceCodeAt: sourceAt.at,
    sourceCodeEventId: sourceAt.eventId,
  };
}

/**
 * Jobs, their current facets, tags and versions. A run's job follows its latest run; a parent job
 * named by a child's `parent` facet is a job too (its latest run the parent run), and the child's
 * job keeps the parent it was last run under.
 */
export function jobsProcessor(event: LoggedEvent): Mutation[] {
  const job = eventJob(event);
  if (!job) return [];
  const stamp = stampOf(event);
  const runAt = stampWhen(event.runId !== null, stamp);
  const parent = event.runId ? readParent(facetsOf(event.payload.run)) : null;
  const parentJobId = parent && parent.runId !== event.runId ? jobId(parent.namespace, parent.name) : null;
  const parentAt = stampWhen(parentJobId !== null, stamp);
  const out: Mutation[] = [
    mutation('jobs', {
      ...jobMention(job.namespace, job.name, stamp),
      ...jobMeta(job, stamp),
      latestRunId: event.runId,
      latestRunAt: runAt.at,
      latestRunEventId: runAt.eventId,
      parentJobId,
      parentAt: parentAt.at,
      parentEventId: parentAt.eventId,
    }),
  ];
  const stamped = { eventTime: stamp.at, eventId: stamp.eventId };
  for (const [name, facet] of currentFacetEntries(job.facets)) out.push(mutation('job_facets', { jobId: job.id, name, facet, ...stamped }));
  for (const tag of readTags(job.facets)) {
    out.push(mutation('tags', { targetKind: 'job', targetId: job.id, ...tag, field: '', firstSeenAt: stamp.at, lastSeenAt: stamp.at, lastEventId: stamp.eventId }));
  }
  const version = eventJobVersion(event);
  if (version) {
    const { id, inputs, outputs, location, runId } = version;
    out.push(
      mutation('job_versions', {
        id,
        jobId: job.id,
        inputs,
        outputs,
        location,
        firstSeenAt: stamp.at,
        firstEventId: stamp.eventId,
        firstRunId: runId,
        lastSeenAt: stamp.at,
        lastEventId: stamp.eventId,
        lastRunId: runId,
      }),
    );
  }
  if (parent && parentJobId) {
    // The parent's and the root's jobs are jobs too, their latest run the run named.
    const root = parent.root && parent.root.runId !== event.runId && parent.root.runId !== parent.runId ? parent.root : null;
    for (const named of root ? [parent, root] : [parent]) {
      out.push(mutation('namespaces', { name: named.namespace, firstSeenAt: stamp.at, lastSeenAt: stamp.at }));
      out.push(mutation('jobs', { ...jobMention(named.namespace, named.name, stamp), latestRunId: named.runId, latestRunAt: stamp.at, latestRunEventId: stamp.eventId }));
    }
  }
  return out;
}
