import { datasetVersionId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { NAME_ONLY_SCHEMA } from './datasets.processor';
import { namedDatasets, stampOf } from './processor';

/** Dataset versions (by schema hash), and the datasets each run read and wrote with the version it stated. */
export function datasetVersionsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  for (const dataset of namedDatasets(event)) {
    const { schema } = dataset;
    let versionId: string | null = null;
    if (schema) {
      const schemaHash = schema.typed ? schema.hash : NAME_ONLY_SCHEMA;
      const id = datasetVersionId(dataset.id, schemaHash);
      if (schema.typed) versionId = id;
      // Set when the event wrote the dataset (an output): the run that produced this schema.
      const created = dataset.role === 'output' && event.runId !== null;
      out.push(
        mutation('dataset_versions', {
          id,
          datasetId: dataset.id,
          schemaHash,
          fields: schema.fields,
          typed: schema.typed,
          firstSeenAt: stamp.at,
          firstEventId: stamp.eventId,
          lastSeenAt: stamp.at,
          lastEventId: stamp.eventId,
          createdByRunId: created ? event.runId : null,
          createdAt: created ? stamp.at : null,
          createdEventId: created ? stamp.eventId : null,
        }),
      );
    }
    if (event.runId && dataset.role !== 'dataset') {
      out.push(
        mutation('run_datasets', {
          runId: event.runId,
          direction: dataset.role,
          datasetId: dataset.id,
          versionId,
          versionAt: versionId ? stamp.at : null,
          versionEventId: versionId ? stamp.eventId : null,
          firstSeenAt: stamp.at,
          lastSeenAt: stamp.at,
        }),
      );
    }
  }
  return out;
}
