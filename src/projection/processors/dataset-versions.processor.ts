import { readSchema } from '../../openlineage/facets';
import { datasetVersionId } from '../../openlineage/job-identity';
import { LoggedEvent } from '../../log/logged-event';
import { Mutation } from '../mutations';
import { namedDatasets } from './processor';

/**
 * All name-only schemas of a dataset share one version (their fields are the union of the names
 * seen): the columns Trino's queries touched are not a schema change.
 */
export const NAME_ONLY_SCHEMA = 'name-only';

/** Dataset versions (by schema hash), and the datasets each run read and wrote with the version it stated. */
export function datasetVersionsProcessor(event: LoggedEvent): Mutation[] {
  const out: Mutation[] = [];
  const stamp = { at: event.eventTime, eventId: event.eventId };
  for (const dataset of namedDatasets(event)) {
    const schema = readSchema(dataset.facets);
    let versionId: string | null = null;
    if (schema) {
      const schemaHash = schema.typed ? schema.hash : NAME_ONLY_SCHEMA;
      const id = datasetVersionId(dataset.id, schemaHash);
      if (schema.typed) versionId = id;
      out.push({
        type: 'datasetVersion',
        id,
        datasetId: dataset.id,
        schemaHash,
        fields: schema.fields,
        typed: schema.typed,
        producedByRunId: dataset.role === 'output' ? event.runId : null,
        ...stamp,
      });
    }
    if (event.runId && dataset.role !== 'dataset') {
      out.push({ type: 'runDataset', runId: event.runId, direction: dataset.role, datasetId: dataset.id, versionId, ...stamp });
    }
  }
  return out;
}
