import { DatasetEntity } from '../../src/database/entities/dataset.entity';
import { LineageEventEntity } from '../../src/database/entities/lineage-event.entity';
import { selectColumns } from '../../src/database/entity-columns';

describe('selectColumns: a SELECT list from the entity', () => {
  it("names each property's column, aliased to the property when they differ", () => {
    expect(selectColumns(DatasetEntity, ['id', 'namespace', 'firstSeenAt', 'currentVersionId'], 'd')).toBe(
      'd.id, d.namespace, d.first_seen_at AS "firstSeenAt", d.current_version_id AS "currentVersionId"',
    );
    expect(selectColumns(LineageEventEntity, ['id', 'eventType'])).toBe('id, event_type AS "eventType"');
  });

  it('refuses a property that is not a column', () => {
    class NotAnEntity {
      loose!: string;
    }
    expect(() => selectColumns(NotAnEntity, ['loose'])).toThrow('NotAnEntity.loose is not a column');
  });
});
