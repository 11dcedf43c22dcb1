import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';

export type Direction = 'input' | 'output';

/** A dataset a run read or wrote; version NULL when no typed schema was sent for it. */
@Entity({ name: 'run_datasets' })
@Check('run_datasets_direction_check', `direction IN ('input', 'output')`)
@IndexBySql('run_datasets_dataset_idx', 'USING btree (dataset_id, direction, last_seen_at DESC)')
@Index('run_datasets_version_idx', ['versionId'], { where: 'version_id IS NOT NULL' })
export class RunDatasetEntity {
  @PrimaryColumn({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @PrimaryColumn({ type: 'text' })
  direction!: Direction;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @Column({ name: 'version_id', type: 'uuid', nullable: true })
  versionId!: string | null;

  @Column({ name: 'version_at', type: 'timestamptz', nullable: true })
  versionAt!: Date | null;

  @Column({ name: 'version_event_id', type: 'bigint', nullable: true })
  versionEventId!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
