import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'dataset_symlinks' })
@Index('dataset_symlinks_target_idx', ['symlinkDatasetId'])
export class DatasetSymlinkEntity {
  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ name: 'symlink_dataset_id', type: 'uuid' })
  symlinkDatasetId!: string;

  @Column({ name: 'symlink_type', type: 'text', nullable: true })
  symlinkType!: string | null;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;
}
