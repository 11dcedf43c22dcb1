import { datasetId } from '../../openlineage/dataset-identity';
import { readColumnLineage } from '../../openlineage/facets';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { eventJob, namedDatasets, stampOf } from './processor';
import { datasetMention } from './rows';

/** Dataset-level edges (input dataset -> job -> output dataset) and column lineage. */
export function lineageProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  const job = eventJob(event);
  const inputsNamed = new Set<string>();
  for (const dataset of namedDatasets(event)) {
    if (job && dataset.role !== 'dataset') {
      out.push(
        mutation('lineage_edges', {
          jobId: job.id,
          direction: dataset.role,
          datasetId: dataset.id,
          firstSeenAt: stamp.at,
          firstEventId: stamp.eventId,
          lastSeenAt: stamp.at,
          lastEventId: stamp.eventId,
          lastRunId: event.runId,
          observed: event.kind === 'run',
          declared: event.kind === 'job',
        }),
      );
    }
    const lineage = readColumnLineage(dataset.facets);
    if (!lineage) continue;
    for (const [field, dependencies] of lineage.fields) {
      out.push(mutation('column_lineage_heads', { datasetId: dataset.id, field, eventTime: stamp.at, eventId: stamp.eventId }));
      for (const d of dependencies) {
        const inputDatasetId = datasetId(d.namespace, d.name);
        // An input the event's inputs do not list still needs its dataset row (one per event).
        if (!inputsNamed.has(inputDatasetId)) {
          inputsNamed.add(inputDatasetId);
          out.push(mutation('namespaces', { name: d.namespace, firstSeenAt: stamp.at, lastSeenAt: stamp.at }));
          out.push(mutation('datasets', datasetMention(d.namespace, d.name, 'dataset', stamp)));
        }
        out.push(
          mutation('column_lineage_edges', {
            outputDatasetId: dataset.id,
            outputField: field,
            inputDatasetId,
            inputField: d.field,
            transformationType: d.type,
            transformationSubtype: d.subtype,
            description: d.description,
            masking: d.masking,
            firstSeenAt: stamp.at,
            firstEventId: stamp.eventId,
            lastSeenAt: stamp.at,
            lastEventId: stamp.eventId,
          }),
        );
      }
    }
  }
  return out;
}
