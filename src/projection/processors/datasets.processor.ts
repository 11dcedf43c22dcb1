import { datasetId, datasetKeyBytes, MAX_DATASET_KEY_BYTES } from '../../openlineage/dataset-identity';
import { isDeletedFacet, nonEmpty, readDataSource, storable } from '../../openlineage/facets';
import { isJsonObject } from '../../openlineage/json';
import { readDescription } from '../../openlineage/meta-facets';
import { datasetVersionId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { namedDatasets, NamedDataset, Stamp, stampOf, stampWhen } from './processor';
import { datasetMention } from './rows';

/** What a dataset's own facets say of it: description, source name, current version. */
function datasetMeta(dataset: NamedDataset, stamp: Stamp) {
  const documentation = readDescription(dataset.facets);
  // The same reader as the `sources` table's: a deleted facet removes the name, a malformed one says nothing.
  const source = readDataSource(dataset.facets);
  const describedAt = stampWhen(documentation !== undefined, stamp);
  const sourcedAt = stampWhen(source !== null || isDeletedFacet(dataset.facets.dataSource), stamp);
  // A name-only schema (or none) keeps the current version: only a typed one is a version.
  const schema = dataset.schema?.typed ? dataset.schema : null;
  const versionedAt = stampWhen(schema !== null, stamp);
  return {
    description: documentation?.description ?? null,
    descriptionAt: describedAt.at,
    descriptionEventId: describedAt.eventId,
    sourceName: source?.name ?? null,
    sourceNameAt: sourcedAt.at,
    sourceNameEventId: sourcedAt.eventId,
    currentVersionId: schema ? datasetVersionId(dataset.id, schema.hash) : null,
    currentVersionAt: versionedAt.at,
    currentVersionEventId: versionedAt.eventId,
  };
}

/** Namespaces, datasets (and the symlinks their `symlinks` facet declares) and which event named which. */
export function datasetsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  const namespaces = new Set<string>(event.jobNamespace ? [event.jobNamespace] : []);
  for (const dataset of namedDatasets(event)) {
    namespaces.add(dataset.namespace);
    out.push(mutation('datasets', { ...datasetMention(dataset.namespace, dataset.name, 'dataset', stamp), ...datasetMeta(dataset, stamp) }));
    out.push(mutation('event_datasets', { eventId: event.eventId, datasetId: dataset.id, role: dataset.role }));
    const symlinks = isJsonObject(dataset.facets.symlinks) ? dataset.facets.symlinks.identifiers : undefined;
    if (!Array.isArray(symlinks)) continue;
    for (const identifier of symlinks) {
      // Facet contents were not validated by ingest: skip an identifier the index cannot hold.
      if (!isJsonObject(identifier) || !storable(identifier.namespace) || !storable(identifier.name)) continue;
      if (datasetKeyBytes(identifier.namespace, identifier.name) > MAX_DATASET_KEY_BYTES) continue;
      const symlinkId = datasetId(identifier.namespace, identifier.name);
      namespaces.add(identifier.namespace);
      out.push(mutation('datasets', datasetMention(identifier.namespace, identifier.name, 'symlink', stamp)));
      out.push(mutation('event_datasets', { eventId: event.eventId, datasetId: symlinkId, role: 'symlink' }));
      if (symlinkId === dataset.id) continue;
      out.push(
        mutation('dataset_symlinks', {
          datasetId: dataset.id,
          symlinkDatasetId: symlinkId,
          symlinkType: nonEmpty(identifier.type) ? identifier.type : null,
          firstEventId: event.eventId,
        }),
      );
    }
  }
  for (const name of namespaces) out.push(mutation('namespaces', { name, firstSeenAt: stamp.at, lastSeenAt: stamp.at }));
  return out;
}
