import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** input field -> output field; current when (last_seen_at, last_event_id) is its head's. */
@Entity({ name: 'column_lineage_edges' })
@Index('column_lineage_edges_input_idx', ['inputDatasetId', 'inputField'])
export class ColumnLineageEdgeEntity {
  @PrimaryColumn({ name: 'output_dataset_id', type: 'uuid' })
  outputDatasetId!: string;

  /** '' for the dataset-level dependencies. */
  @PrimaryColumn({ name: 'output_field', type: 'text' })
  outputField!: string;

  @PrimaryColumn({ name: 'input_dataset_id', type: 'uuid' })
  inputDatasetId!: string;

  @PrimaryColumn({ name: 'input_field', type: 'text' })
  inputField!: string;

  /** '' when the producer named none. */
  @PrimaryColumn({ name: 'transformation_type', type: 'text' })
  transformationType!: string;

  @PrimaryColumn({ name: 'transformation_subtype', type: 'text' })
  transformationSubtype!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'boolean', nullable: true })
  masking!: boolean | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;
}
