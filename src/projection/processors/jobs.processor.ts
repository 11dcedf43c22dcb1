import { facetsOf, readParent, readTags } from '../../openlineage/facets';
import { jobId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, RunState } from '../mutations';
import { currentFacetEntries, eventJob, eventJobVersion } from './processor';

/** Jobs and their current facets and tags; runs, their state and merged facets; parents named before their own events. */
export function jobsAndRunsProcessor(event: LoggedEvent): Mutation[] {
  const job = eventJob(event);
  if (!job) return [];
  const stamp = { at: event.eventTime, eventId: event.eventId };
  const out: Mutation[] = [{ type: 'job', id: job.id, namespace: job.namespace, name: job.name, runId: event.runId, ...stamp }];
  for (const [name, facet] of currentFacetEntries(job.facets)) out.push({ type: 'jobFacet', jobId: job.id, name, facet, ...stamp });
  for (const tag of readTags(job.facets)) out.push({ type: 'tag', targetKind: 'job', targetId: job.id, ...tag, field: '', ...stamp });
  if (!event.runId) return out;

  const runId = event.runId;
  const jobVersionId = eventJobVersion(event)?.id ?? null;
  out.push({ type: 'run', id: runId, jobId: job.id, state: event.eventType as RunState | null, jobVersionId, ...stamp });
  const runFacets = facetsOf(event.payload.run);
  for (const [name, facet] of currentFacetEntries(runFacets)) {
    if (facet !== null) out.push({ type: 'runFacet', runId, facetType: 'run', name, facet, ...stamp });
  }
  for (const [name, facet] of currentFacetEntries(job.facets)) {
    if (facet !== null) out.push({ type: 'runFacet', runId, facetType: 'job', name, facet, ...stamp });
  }
  for (const tag of readTags(runFacets)) out.push({ type: 'tag', targetKind: 'run', targetId: runId, ...tag, field: '', ...stamp });

  const parent = readParent(runFacets);
  if (parent && parent.runId !== runId) {
    const parentJobId = jobId(parent.namespace, parent.name);
    out.push({ type: 'namespace', name: parent.namespace, ...stamp });
    out.push({ type: 'job', id: parentJobId, namespace: parent.namespace, name: parent.name, runId: parent.runId, ...stamp });
    out.push({ type: 'run', id: parent.runId, jobId: parentJobId, state: null, jobVersionId: null, ...stamp });
  }
  return out;
}
