import { datasetId } from '../../openlineage/dataset-identity';
import { facetsOf, isDeletedFacet, nonEmpty, readSchema, readSourceCodeLocation, Schema, storable } from '../../openlineage/facets';
import { isJsonObject, JsonObject } from '../../openlineage/json';
import { DatasetName, jobId, jobVersionId } from '../../openlineage/job-identity';
import { isTerminalState } from '../../openlineage/run-state';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';

/** A pure function from one logged event to the rows it states: no I/O, no database. */
export type Processor = (event: LoggedEvent) => Mutation[];

/** The event's time and id: every row an event states carries them (its guards rank by them). */
export interface Stamp {
  at: Date;
  eventId: string;
}

export const stampOf = (event: LoggedEvent): Stamp => ({ at: event.eventTime, eventId: event.eventId });

export interface NamedDataset {
  role: 'input' | 'output' | 'dataset';
  id: string;
  namespace: string;
  name: string;
  facets: JsonObject;
  /** Its `schema` facet, read once for every processor. */
  schema: Schema | null;
}

/** Per event, what several processors read: computed once. */
const named = new WeakMap<LoggedEvent, NamedDataset[]>();

/** The datasets an event names: a dataset event's dataset, or a run or job event's inputs and outputs. */
export function namedDatasets(event: LoggedEvent): NamedDataset[] {
  let datasets = named.get(event);
  if (datasets) return datasets;
  datasets = [];
  const add = (dataset: unknown, role: NamedDataset['role']) => {
    // Ingest validated these identifiers (present, at most MAX_IDENTIFIER_BYTES).
    if (!isJsonObject(dataset) || !nonEmpty(dataset.namespace) || !nonEmpty(dataset.name)) return;
    const facets = facetsOf(dataset);
    datasets!.push({ role, id: datasetId(dataset.namespace, dataset.name), namespace: dataset.namespace, name: dataset.name, facets, schema: readSchema(facets) });
  };
  if (event.kind === 'dataset') {
    add(event.payload.dataset, 'dataset');
  } else {
    const { inputs, outputs } = event.payload;
    if (Array.isArray(inputs)) inputs.forEach((d) => add(d, 'input'));
    if (Array.isArray(outputs)) outputs.forEach((d) => add(d, 'output'));
  }
  named.set(event, datasets);
  return datasets;
}

export interface EventJob {
  id: string;
  namespace: string;
  name: string;
  facets: JsonObject;
}

/** The event's job and its id, when it names one (run and job events). */
export function eventJob(event: LoggedEvent): EventJob | null {
  if (!event.jobNamespace || !event.jobName) return null;
  return { id: jobId(event.jobNamespace, event.jobName), namespace: event.jobNamespace, name: event.jobName, facets: facetsOf(event.payload.job) };
}

/** A facet as a current-facet row holds it: null when `{"_deleted": true}`. */
export function currentFacetEntries(facets: JsonObject): Array<[string, Record<string, unknown> | null]> {
  const entries: Array<[string, Record<string, unknown> | null]> = [];
  for (const [name, facet] of Object.entries(facets)) {
    if (storable(name) && isJsonObject(facet)) entries.push([name, isDeletedFacet(facet) ? null : facet]);
  }
  return entries;
}

export interface EventJobVersion {
  id: string;
  jobId: string;
  /** The finished run. */
  runId: string;
  inputs: DatasetName[];
  outputs: DatasetName[];
  location: string | null;
}

const byName = (a: DatasetName, b: DatasetName) =>
  a.namespace < b.namespace ? -1 : a.namespace > b.namespace ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
// Two processors ask for each event's version: computed once per event.
const versions = new WeakMap<LoggedEvent, EventJobVersion | null>();

/**
 * The job version a finished run had: only a terminal run event (COMPLETE, FAIL, ABORT) has one,
 * as Marquez versions a job when a run finishes. Its inputs and outputs are the ones this event
 * lists (deduplicated, sorted), its location the sourceCodeLocation this event carries.
 */
export function eventJobVersion(event: LoggedEvent): EventJobVersion | null {
  let version = versions.get(event);
  if (version === undefined) {
    version = computeJobVersion(event);
    versions.set(event, version);
  }
  return version;
}

function computeJobVersion(event: LoggedEvent): EventJobVersion | null {
  const job = eventJob(event);
  const { runId } = event;
  if (!job || !runId || !isTerminalState(event.eventType)) return null;
  const datasets = namedDatasets(event);
  const sorted = (role: NamedDataset['role']) => {
    const unique = new Map(datasets.filter((d) => d.role === role).map((d) => [d.id, { namespace: d.namespace, name: d.name }]));
    return [...unique.values()].sort(byName);
  };
  const inputs = sorted('input');
  const outputs = sorted('output');
  const location = readSourceCodeLocation(job.facets);
  return { id: jobVersionId(job.namespace, job.name, inputs, outputs, location), jobId: job.id, runId, inputs, outputs, location };
}

/** A group's stamp when the event states it, nulls when it does not (src/projection/tables/span.ts). */
export function stampWhen(stated: boolean, stamp: Stamp): { at: Date | null; eventId: string | null } {
  return stated ? stamp : { at: null, eventId: null };
}
