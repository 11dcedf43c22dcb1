import { facetsOf, readParent, readTags, RunRef } from '../../openlineage/facets';
import { JsonObject } from '../../openlineage/json';
import { jobId } from '../../openlineage/job-identity';
import { readErrorMessage, readNominalTime } from '../../openlineage/meta-facets';
import { isRunState, isTerminalState } from '../../openlineage/run-state';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { currentFacetEntries, eventJob, eventJobVersion, Stamp, stampOf, stampWhen } from './processor';
import { runMention } from './rows';

/** The run's parent and the root of its hierarchy, as its `parent` facet names them (never the run itself). */
function parentAndRoot(runId: string, runFacets: JsonObject): { parent: RunRef | null; root: RunRef | null } {
  const facet = readParent(runFacets);
  const parent = facet && facet.runId !== runId ? facet : null;
  const root = parent && facet?.root && facet.root.runId !== runId ? facet.root : null;
  return { parent, root };
}

/** What a run's facets say of it: nominal times, error message, parent and root run. */
function runMeta(runId: string, runFacets: JsonObject, stamp: Stamp) {
  const nominal = readNominalTime(runFacets);
  const error = readErrorMessage(runFacets);
  const { parent, root } = parentAndRoot(runId, runFacets);
  const parentRunId = parent?.runId ?? null;
  const nominalAt = stampWhen(nominal !== undefined, stamp);
  const errorAt = stampWhen(error !== undefined, stamp);
  const parentAt = stampWhen(parentRunId !== null, stamp);
  return {
    nominalStartTime: nominal?.nominalStartTime ?? null,
    nominalEndTime: nominal?.nominalEndTime ?? null,
    nominalTimeAt: nominalAt.at,
    nominalTimeEventId: nominalAt.eventId,
    errorMessage: error?.errorMessage ?? null,
    errorMessageAt: errorAt.at,
    errorMessageEventId: errorAt.eventId,
    parentRunId,
    rootRunId: root?.runId ?? null,
    parentAt: parentAt.at,
    parentEventId: parentAt.eventId,
  };
}

/**
 * Runs: their state, facets and tags, and a parent run named before (or without) its own events.
 * A run's facets are its run facets and the job facets its events carried.
 */
export function runsProcessor(event: LoggedEvent): Mutation[] {
  const job = eventJob(event);
  const runId = event.runId;
  if (!job || !runId) return [];
  const stamp = stampOf(event);
  const state = isRunState(event.eventType) ? event.eventType : null;
  const stated = stampWhen(state !== null, stamp);
  const runFacets = facetsOf(event.payload.run);
  const out: Mutation[] = [
    mutation('runs', {
      ...runMention(runId, job.id, stamp),
      state,
      stateAt: stated.at,
      stateEventId: stated.eventId,
      endedAt: isTerminalState(state) ? stamp.at : null,
      jobVersionId: eventJobVersion(event)?.id ?? null,
      startedAt: state === 'START' ? stamp.at : null,
      ...runMeta(runId, runFacets, stamp),
    }),
  ];
  const stamped = { eventTime: stamp.at, eventId: stamp.eventId };
  // Which event's facet is the run's: the facet itself is read from that event in the log.
  for (const [name, facet] of currentFacetEntries(runFacets)) {
    if (facet !== null) out.push(mutation('run_facets', { runId, facetType: 'run', name, ...stamped }));
  }
  for (const [name, facet] of currentFacetEntries(job.facets)) {
    if (facet !== null) out.push(mutation('run_facets', { runId, facetType: 'job', name, ...stamped }));
  }
  for (const tag of readTags(runFacets)) {
    out.push(mutation('tags', { targetKind: 'run', targetId: runId, ...tag, field: '', firstSeenAt: stamp.at, lastSeenAt: stamp.at, lastEventId: stamp.eventId }));
  }
  // The parent and root runs get rows (with their jobs) before, or without, their own events.
  const { parent, root } = parentAndRoot(runId, runFacets);
  if (parent) out.push(mutation('runs', runMention(parent.runId, jobId(parent.namespace, parent.name), stamp)));
  if (root && root.runId !== parent?.runId) out.push(mutation('runs', runMention(root.runId, jobId(root.namespace, root.name), stamp)));
  return out;
}
