import { hasTypedSchema, readDataSource, readFieldTags, readTags } from '../../openlineage/facets';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';
import { currentFacetEntries, namedDatasets } from './processor';

/**
 * Current dataset facets, tags and sources. A facet the event does not carry is left as it is;
 * a name-only `schema` (Trino's inputs) is not a dataset's schema and never replaces one.
 */
export function datasetFacetsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = { at: event.eventTime, eventId: event.eventId };
  for (const dataset of namedDatasets(event)) {
    for (const [name, facet] of currentFacetEntries(dataset.facets)) {
      if (name === 'schema' && facet !== null && !hasTypedSchema(dataset.facets)) continue;
      out.push({ type: 'datasetFacet', datasetId: dataset.id, name, facet, ...stamp });
    }
    for (const tag of [...readTags(dataset.facets), ...readFieldTags(dataset.facets)]) {
      out.push({ type: 'tag', targetKind: 'dataset', targetId: dataset.id, ...tag, ...stamp });
    }
    const source = readDataSource(dataset.facets);
    if (source) out.push({ type: 'source', ...source, ...stamp });
  }
  return out;
}
