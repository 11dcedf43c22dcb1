import { ColumnLineageEdgeEntity } from '../../database/entities/column-lineage-edge.entity';
import { ColumnLineageHeadEntity } from '../../database/entities/column-lineage-head.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { TagEntity } from '../../database/entities/tag.entity';
import { firstSeen, lastSeen, latest } from './span';
import { ProjectionTable } from './table';

/** Dataset -> job -> dataset edges; last_run_id follows the last event. */
export const lineageEdgesTable = new ProjectionTable(LineageEdgeEntity, {
  key: ['jobId', 'direction', 'datasetId'],
  rules: [firstSeen(['firstSeenAt', 'firstEventId']), lastSeen(['lastSeenAt', 'lastEventId', 'lastRunId'], ['lastSeenAt', 'lastEventId'])],
});

/** The latest event that stated an output field's column lineage: older edges of that field are history. */
export const columnLineageHeadsTable = new ProjectionTable(ColumnLineageHeadEntity, {
  key: ['datasetId', 'field'],
  rules: [latest([], 'eventTime', 'eventId')],
});

/** Column lineage edges; description and masking follow the last event. */
export const columnLineageEdgesTable = new ProjectionTable(ColumnLineageEdgeEntity, {
  key: ['outputDatasetId', 'outputField', 'inputDatasetId', 'inputField', 'transformationType', 'transformationSubtype'],
  rules: [
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt', 'lastEventId', 'description', 'masking'], ['lastSeenAt', 'lastEventId']),
  ],
});

/** Tags are added, never removed; value and source follow the last event. */
export const tagsTable = new ProjectionTable(TagEntity, {
  key: ['targetKind', 'targetId', 'field', 'key'],
  rules: [firstSeen(['firstSeenAt']), lastSeen(['lastSeenAt', 'lastEventId', 'value', 'source'], ['lastSeenAt', 'lastEventId'])],
});
