import { datasetVersionId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation, mutation } from '../mutations';
import { namedDatasets, stampOf } from './processor';

/**
 * Dataset versions (by typed schema hash), the field names of untyped schemas (fields seen, in the
 * order sent), and the datasets each run read and wrote with the version it stated. A name-only
 * schema, like no schema, makes no version (DESIGN section 6).
 */
export function datasetVersionsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = stampOf(event);
  for (const dataset of namedDatasets(event)) {
    const { schema } = dataset;
    let versionId: string | null = null;
    if (schema?.typed) {
      versionId = datasetVersionId(dataset.id, schema.hash);
      // Set when the event wrote the dataset (an output): the run that produced this schema.
      const created = dataset.role === 'output' && event.runId !== null;
      out.push(
        mutation('dataset_versions', {
          id: versionId,
          datasetId: dataset.id,
          schemaHash: schema.hash,
          fields: schema.fields,
          firstSeenAt: stamp.at,
          firstEventId: stamp.eventId,
          lastSeenAt: stamp.at,
          lastEventId: stamp.eventId,
          createdByRunId: created ? event.runId : null,
          createdAt: created ? stamp.at : null,
          createdEventId: created ? stamp.eventId : null,
        }),
      );
    } else if (schema) {
      schema.fields.forEach((field, position) => {
        out.push(
          mutation('dataset_fields', {
            datasetId: dataset.id,
            name: field.name,
            position: String(position),
            firstSeenAt: stamp.at,
            firstEventId: stamp.eventId,
          }),
        );
      });
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
