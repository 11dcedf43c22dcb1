import { datasetId } from '../../openlineage/dataset-identity';
import { facetsOf, isDeletedFacet, nonEmpty, storable } from '../../openlineage/facets';
import { isJsonObject, JsonObject } from '../../openlineage/json';
import { jobId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';

/** A pure function from one logged event to the changes it makes: no I/O, no database. */
export type Processor = (event: LoggedEvent) => Mutation[];

export interface NamedDataset {
  role: 'input' | 'output' | 'dataset';
  id: string;
  namespace: string;
  name: string;
  facets: JsonObject;
}

/** The datasets an event names: a dataset event's dataset, or a run or job event's inputs and outputs. */
export function namedDatasets(event: LoggedEvent): NamedDataset[] {
  const named: NamedDataset[] = [];
  const add = (dataset: unknown, role: NamedDataset['role']) => {
    // Ingest validated these identifiers (present, at most MAX_IDENTIFIER_BYTES).
    if (!isJsonObject(dataset) || !nonEmpty(dataset.namespace) || !nonEmpty(dataset.name)) return;
    named.push({ role, id: datasetId(dataset.namespace, dataset.name), namespace: dataset.namespace, name: dataset.name, facets: facetsOf(dataset) });
  };
  if (event.kind === 'dataset') {
    add(event.payload.dataset, 'dataset');
  } else {
    const { inputs, outputs } = event.payload;
    if (Array.isArray(inputs)) inputs.forEach((d) => add(d, 'input'));
    if (Array.isArray(outputs)) outputs.forEach((d) => add(d, 'output'));
  }
  return named;
}

/** The event's job and its id, when it names one (run and job events). */
export function eventJob(event: LoggedEvent): { id: string; namespace: string; name: string; facets: JsonObject } | null {
  if (!event.jobNamespace || !event.jobName) return null;
  return { id: jobId(event.jobNamespace, event.jobName), namespace: event.jobNamespace, name: event.jobName, facets: facetsOf(event.payload.job) };
}

/** A facet as a current-facet row holds it: null when `{"_deleted": true}`; undefined when unusable. */
export function currentFacetEntries(facets: JsonObject): Array<[string, unknown]> {
  return Object.entries(facets)
    .filter(([name, facet]) => storable(name) && isJsonObject(facet))
    .map(([name, facet]) => [name, isDeletedFacet(facet) ? null : facet]);
}
