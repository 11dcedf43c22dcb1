import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A field name an untyped schema (names without types: Trino's inputs) gave a dataset: the fields
 * seen that make no version. Ordered as first sent: by the first event that sent the name, then its
 * position in that event's schema. Nothing follows the last event: a column read a thousand times
 * is written once (again only when an earlier event arrives late).
 */
@Entity({ name: 'dataset_fields' })
export class DatasetFieldEntity {
  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  /** Its index in the schema of the first event that sent it. */
  @Column({ type: 'bigint' })
  position!: string;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;
}
