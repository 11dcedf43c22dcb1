import { Check, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { DatasetEntity } from './dataset.entity';
import { LineageEventEntity } from './lineage-event.entity';

export type EventDatasetRole = 'input' | 'output' | 'dataset' | 'symlink';

@Entity({ name: 'event_datasets' })
@Check('event_datasets_role_check', `role IN ('input', 'output', 'dataset', 'symlink')`)
@Index('event_datasets_dataset_idx', ['datasetId', 'eventId'])
export class EventDatasetEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  role!: EventDatasetRole;

  @ManyToOne(() => LineageEventEntity)
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'event_datasets_event_id_fkey' })
  event?: LineageEventEntity;

  @ManyToOne(() => DatasetEntity)
  @JoinColumn({ name: 'dataset_id', foreignKeyConstraintName: 'event_datasets_dataset_id_fkey' })
  dataset?: DatasetEntity;
}
