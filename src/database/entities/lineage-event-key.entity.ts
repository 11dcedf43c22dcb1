import { Entity, PrimaryColumn } from 'typeorm';

/**
 * The content hash of every event in the log: the one place that says an event is already
 * stored, across all partitions of lineage_events (docs/adr/0031-partitioned-log.md). Written
 * by the log append, emptied of a partition's hashes when retention retires it.
 */
@Entity({ name: 'lineage_event_keys' })
export class LineageEventKeyEntity {
  @PrimaryColumn({ name: 'content_hash', type: 'bytea', primaryKeyConstraintName: 'lineage_event_keys_pkey' })
  contentHash!: Buffer;
}
