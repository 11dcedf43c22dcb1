import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DatasetEntity } from './dataset.entity';
import { LineageEventEntity } from './lineage-event.entity';

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

  @ManyToOne(() => DatasetEntity)
  @JoinColumn({ name: 'dataset_id', foreignKeyConstraintName: 'dataset_symlinks_dataset_id_fkey' })
  dataset?: DatasetEntity;

  @ManyToOne(() => DatasetEntity)
  @JoinColumn({ name: 'symlink_dataset_id', foreignKeyConstraintName: 'dataset_symlinks_symlink_dataset_id_fkey' })
  symlinkDataset?: DatasetEntity;

  @ManyToOne(() => LineageEventEntity)
  @JoinColumn({ name: 'first_event_id', foreignKeyConstraintName: 'dataset_symlinks_first_event_id_fkey' })
  firstEvent?: LineageEventEntity;
}
