import { ColumnLineageEdgeEntity } from '../../database/entities/column-lineage-edge.entity';
import { ColumnLineageHeadEntity } from '../../database/entities/column-lineage-head.entity';
import { ExplicitLineageEdgeEntity } from '../../database/entities/explicit-lineage-edge.entity';
import { LineageDeclarationEntity } from '../../database/entities/lineage-declaration.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { TagEntity } from '../../database/entities/tag.entity';
import { firstSeen, lastSeen, latest } from './span';
import { fixed, ProjectionTable, ranked } from './table';

/**
 * Dataset -> job -> dataset edges; last_run_id follows the last event. `observed` and `declared`
 * are unions (false < true): once a run event (a job event) listed the edge, it stays so.
 */
export const lineageEdgesTable = new ProjectionTable(LineageEdgeEntity, {
  key: ['jobId', 'direction', 'datasetId'],
  rules: [
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt', 'lastEventId', 'lastRunId'], ['lastSeenAt', 'lastEventId']),
    ranked(['observed'], { keep: 'greatest' }),
    ranked(['declared'], { keep: 'greatest' }),
  ],
});

/** Explicit lineage edges (the `lineage` facet); transformation details follow the last event. */
export const explicitLineageEdgesTable = new ProjectionTable(ExplicitLineageEdgeEntity, {
  key: ['declarerId', 'source', 'originId', 'originField', 'destinationId', 'destinationField', 'transformationType', 'transformationSubtype'],
  rules: [
    fixed('originKind', 'destinationKind'),
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt', 'lastEventId', 'description', 'masking'], ['lastSeenAt', 'lastEventId']),
  ],
});

/** Every declaration an event made, kept: the rows are the facts, nothing to merge. */
export const lineageDeclarationsTable = new ProjectionTable(LineageDeclarationEntity, {
  key: ['declarerId', 'eventTime', 'eventId'],
  rules: [],
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
