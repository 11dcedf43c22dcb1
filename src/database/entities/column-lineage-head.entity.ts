import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The latest event that stated an output field's column lineage (field '' = dataset-level). */
@Entity({ name: 'column_lineage_heads' })
export class ColumnLineageHeadEntity {
  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  field!: string;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
