import { datasetId, datasetKeyBytes, MAX_DATASET_KEY_BYTES, parseNamespace } from '../../openlineage/dataset-identity';
import { isJsonObject } from '../../openlineage/json';
import { nonEmpty, storable } from '../../openlineage/facets';
import { LoggedEvent } from '../../log/logged-event';
import { DatasetMutation, Mutation } from '../mutations';
import { namedDatasets } from './processor';

/** Namespaces, datasets (and the symlinks their `symlinks` facet declares) and which event named which. */
export function datasetsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = { at: event.eventTime, eventId: event.eventId };
  const namespaces = new Set<string>(event.jobNamespace ? [event.jobNamespace] : []);

  const addDataset = (namespace: string, name: string, kind: DatasetMutation['kind'], role: 'input' | 'output' | 'dataset' | 'symlink') => {
    const id = datasetId(namespace, name);
    namespaces.add(namespace);
    out.push({ type: 'dataset', id, namespace, name, ...parseNamespace(namespace), kind, ...stamp });
    out.push({ type: 'eventDataset', eventId: event.eventId, datasetId: id, role });
    return id;
  };

  for (const dataset of namedDatasets(event)) {
    const id = addDataset(dataset.namespace, dataset.name, 'dataset', dataset.role);
    const symlinks = isJsonObject(dataset.facets.symlinks) ? dataset.facets.symlinks.identifiers : undefined;
    if (!Array.isArray(symlinks)) continue;
    for (const identifier of symlinks) {
      // Facet contents were not validated by ingest: skip an identifier the index cannot hold.
      if (!isJsonObject(identifier) || !storable(identifier.namespace) || !storable(identifier.name)) continue;
      if (datasetKeyBytes(identifier.namespace, identifier.name) > MAX_DATASET_KEY_BYTES) continue;
      const symlinkId = addDataset(identifier.namespace, identifier.name, 'symlink', 'symlink');
      if (symlinkId === id) continue;
      out.push({
        type: 'symlink',
        datasetId: id,
        symlinkDatasetId: symlinkId,
        symlinkType: nonEmpty(identifier.type) ? identifier.type : null,
        eventId: event.eventId,
      });
    }
  }
  for (const name of namespaces) out.push({ type: 'namespace', name, ...stamp });
  return out;
}
