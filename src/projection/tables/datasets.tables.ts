import { DatasetEntity } from '../../database/entities/dataset.entity';
import { DatasetFieldEntity } from '../../database/entities/dataset-field.entity';
import { DatasetFacetEntity } from '../../database/entities/dataset-facet.entity';
import { DatasetSymlinkEntity } from '../../database/entities/dataset-symlink.entity';
import { DatasetVersionEntity } from '../../database/entities/dataset-version.entity';
import { EventDatasetEntity } from '../../database/entities/event-dataset.entity';
import { NamespaceEntity } from '../../database/entities/namespace.entity';
import { NameWordEntity } from '../../database/entities/name-word.entity';
import { SourceEntity } from '../../database/entities/source.entity';
import { firstSeen, lastSeen, latest } from './span';
import { fixed, ProjectionTable, ranked } from './table';

export const namespacesTable = new ProjectionTable(NamespaceEntity, {
  key: ['name'],
  rules: [firstSeen(['firstSeenAt']), lastSeen(['lastSeenAt'])],
});

export const datasetsTable = new ProjectionTable(DatasetEntity, {
  key: ['id'],
  rules: [
    fixed('namespace', 'name', 'scheme', 'authority'),
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt']),
    // A name the events list as a dataset is one, even where it was first seen as a symlink.
    ranked(['kind'], { keep: 'greatest', rank: [{ ts: (d) => d.kind === 'dataset', sql: (c) => `${c('kind')} = 'dataset'` }] }),
    // The latest typed schema (a name-only one states no version).
    latest(['currentVersionId'], 'currentVersionAt', 'currentVersionEventId'),
    latest(['description'], 'descriptionAt', 'descriptionEventId'),
    latest(['sourceName'], 'sourceNameAt', 'sourceNameEventId'),
  ],
});

export const eventDatasetsTable = new ProjectionTable(EventDatasetEntity, { key: ['eventId', 'datasetId', 'role'], rules: [] });

/** The earliest event (by id) that declared the link gives its type. */
export const datasetSymlinksTable = new ProjectionTable(DatasetSymlinkEntity, {
  key: ['datasetId', 'symlinkDatasetId'],
  rules: [firstSeen(['firstEventId', 'symlinkType'], ['firstEventId'])],
});

/** facet null: a `{"_deleted": true}` tombstone, kept so that an older event cannot bring the facet back. */
export const datasetFacetsTable = new ProjectionTable(DatasetFacetEntity, {
  key: ['datasetId', 'name'],
  rules: [latest(['facet'], 'eventTime', 'eventId')],
});

/** A version's fields (their descriptions) follow its latest event. */
export const datasetVersionsTable = new ProjectionTable(DatasetVersionEntity, {
  key: ['id'],
  rules: [
    fixed('datasetId', 'schemaHash'),
    firstSeen(['firstSeenAt', 'firstEventId']),
    lastSeen(['lastSeenAt', 'lastEventId', 'fields'], ['lastSeenAt', 'lastEventId']),
    // The run that produced this schema: the earliest output of it.
    ranked(['createdByRunId', 'createdAt', 'createdEventId'], { keep: 'least', rank: ['createdAt', 'createdEventId'], presentIf: 'createdAt' }),
  ],
});

/** Field names of untyped schemas, ordered as first sent: the first (event time, event id) gives the position. */
export const datasetFieldsTable = new ProjectionTable(DatasetFieldEntity, {
  key: ['datasetId', 'name'],
  rules: [firstSeen(['firstSeenAt', 'firstEventId', 'position'], ['firstSeenAt', 'firstEventId'])],
});

export const sourcesTable = new ProjectionTable(SourceEntity, {
  key: ['name'],
  rules: [firstSeen(['firstSeenAt']), lastSeen(['lastSeenAt', 'lastEventId', 'uri'], ['lastSeenAt', 'lastEventId'])],
});

/** Each dataset and job name's words, for search by word (docs/adr/0011-search-by-word.md). */
export const nameWordsTable = new ProjectionTable(NameWordEntity, { key: ['kind', 'word', 'lowerName', 'namespace', 'id'], rules: [] });
