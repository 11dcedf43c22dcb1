import { readDataSource, readFieldTags, readTags } from '../../openlineage/facets';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { currentFacetEntries, namedDatasets, stampOf } from './processor';

/**
 * Current dataset facets, tags and sources. A facet the event does not carry is left as it is;
 * a name-only `schema` (Trino's inputs) is not a dataset's schema and never replaces one.
 */
export function datasetFacetsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  const stamped = { eventTime: stamp.at, eventId: stamp.eventId };
  for (const dataset of namedDatasets(event)) {
    for (const [name, facet] of currentFacetEntries(dataset.facets)) {
      if (name === 'schema' && facet !== null && !dataset.schema?.typed) continue;
      out.push(mutation('dataset_facets', { datasetId: dataset.id, name, facet, ...stamped }));
    }
    for (const tag of [...readTags(dataset.facets), ...readFieldTags(dataset.facets)]) {
      out.push(mutation('tags', { targetKind: 'dataset', targetId: dataset.id, ...tag, firstSeenAt: stamp.at, lastSeenAt: stamp.at, lastEventId: stamp.eventId }));
    }
    const source = readDataSource(dataset.facets);
    if (source) out.push(mutation('sources', { ...source, firstSeenAt: stamp.at, lastSeenAt: stamp.at, lastEventId: stamp.eventId }));
  }
  return out;
}
