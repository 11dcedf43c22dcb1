import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';

/**
 * One assertion of the `dataQualityAssertions` facet a run reported on a dataset it read, kept
 * from the latest event that carried it. `column` is '' for an assertion on the whole dataset.
 */
@Entity({ name: 'dataset_assertions' })
// (dataset_id, event_time DESC): a dataset's latest assertions.
@IndexBySql('dataset_assertions_dataset_idx', 'USING btree (dataset_id, event_time DESC)')
export class DatasetAssertionEntity {
  @PrimaryColumn({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  assertion!: string;

  @PrimaryColumn({ name: 'column_name', type: 'text' })
  column!: string;

  @Column({ type: 'boolean' })
  success!: boolean;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
