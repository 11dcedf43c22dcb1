import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A dataset's current facet of one name; `facet` NULL is a `{"_deleted": true}` tombstone. */
@Entity({ name: 'dataset_facets' })
export class DatasetFacetEntity {
  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb', nullable: true })
  facet!: Record<string, unknown> | null;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
