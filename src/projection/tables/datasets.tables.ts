import { DatasetEntity } from '../../database/entities/dataset.entity';
import { DatasetFacetEntity } from '../../database/entities/dataset-facet.entity';
import { DatasetSymlinkEntity } from '../../database/entities/dataset-symlink.entity';
import { DatasetVersionEntity } from '../../database/entities/dataset-version.entity';
import { EventDatasetEntity } from '../../database/entities/event-dataset.entity';
import { NamespaceEntity } from '../../database/entities/namespace.entity';
import { NameWordEntity } from '../../database/entities/name-word.entity';
import { SourceEntity } from '../../database/entities/source.entity';
import { firstSeen, lastSeen, latest } from './span';
import { fixed, ProjectionTable, ranked, Rule } from './table';

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
    // A typed schema beats a name-only one, then the latest (event time, event id).
    ranked(['currentVersionId', 'currentVersionTyped', 'currentVersionAt', 'currentVersionEventId'], {
      keep: 'greatest',
      rank: ['currentVersionTyped', 'currentVersionAt', 'currentVersionEventId'],
      presentIf: 'currentVersionAt',
    }),
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

const versionLastSeen = lastSeen<DatasetVersionEntity>(['lastSeenAt', 'lastEventId']);

/**
 * A typed version's fields (their descriptions) follow its latest event. A name-only version's
 * fields are the union of the names seen: TypeScript gathers a batch's, and lineage_field_union
 * (a database function, so that rows written by other batches merge the same way) makes the set.
 */
const versionFields: Rule<DatasetVersionEntity> = {
  properties: ['fields'],
  merge(kept, incoming, compare) {
    if (!kept.typed) kept.fields = [...kept.fields, ...incoming.fields];
    else if (versionLastSeen.wins(incoming, kept, compare)) kept.fields = incoming.fields;
  },
  assignments: (c) => [
    `fields = CASE WHEN NOT x.typed THEN lineage_field_union(x.fields || excluded.fields) WHEN ${versionLastSeen.winsSql(c)} THEN excluded.fields ELSE x.fields END`,
  ],
  changes: () => 'NOT x.typed AND lineage_field_union(x.fields || excluded.fields) <> x.fields',
  insertValue: (c) => ({ fields: `CASE WHEN ${c('typed')} THEN ${c('fields')} ELSE lineage_field_union(${c('fields')}) END` }),
};

export const datasetVersionsTable = new ProjectionTable(DatasetVersionEntity, {
  key: ['id'],
  rules: [
    fixed('datasetId', 'schemaHash', 'typed'),
    firstSeen(['firstSeenAt', 'firstEventId']),
    versionLastSeen,
    versionFields,
    // The run that produced this schema: the earliest output of it.
    ranked(['createdByRunId', 'createdAt', 'createdEventId'], { keep: 'least', rank: ['createdAt', 'createdEventId'], presentIf: 'createdAt' }),
  ],
});

export const sourcesTable = new ProjectionTable(SourceEntity, {
  key: ['name'],
  rules: [firstSeen(['firstSeenAt']), lastSeen(['lastSeenAt', 'lastEventId', 'uri'], ['lastSeenAt', 'lastEventId'])],
});

/** Each dataset and job name's words, for search by word (docs/adr/0011-search-by-word.md). */
export const nameWordsTable = new ProjectionTable(NameWordEntity, { key: ['kind', 'word', 'lowerName', 'namespace', 'id'], rules: [] });
