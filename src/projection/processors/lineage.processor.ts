import { datasetId, parseNamespace } from '../../openlineage/dataset-identity';
import { readColumnLineage } from '../../openlineage/facets';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';
import { eventJob, namedDatasets } from './processor';

/** Dataset-level edges (input dataset -> job -> output dataset) and column lineage. */
export function lineageProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = { at: event.eventTime, eventId: event.eventId };
  const job = eventJob(event);
  const inputsNamed = new Set<string>();
  for (const dataset of namedDatasets(event)) {
    if (job && dataset.role !== 'dataset') {
      out.push({ type: 'lineageEdge', jobId: job.id, direction: dataset.role, datasetId: dataset.id, runId: event.runId, ...stamp });
    }
    const lineage = readColumnLineage(dataset.facets);
    if (!lineage) continue;
    for (const [field, dependencies] of lineage.fields) {
      out.push({ type: 'columnLineageHead', datasetId: dataset.id, field, ...stamp });
      for (const d of dependencies) {
        const inputDatasetId = datasetId(d.namespace, d.name);
        // An input the event's inputs do not list still needs its dataset row (one per event).
        if (!inputsNamed.has(inputDatasetId)) {
          inputsNamed.add(inputDatasetId);
          out.push({ type: 'namespace', name: d.namespace, ...stamp });
          out.push({ type: 'dataset', id: inputDatasetId, namespace: d.namespace, name: d.name, ...parseNamespace(d.namespace), kind: 'dataset', ...stamp });
        }
        out.push({
          type: 'columnLineageEdge',
          outputDatasetId: dataset.id,
          outputField: field,
          inputDatasetId,
          inputField: d.field,
          transformationType: d.type,
          transformationSubtype: d.subtype,
          description: d.description,
          masking: d.masking,
          ...stamp,
        });
      }
    }
  }
  return out;
}
