import { Check, Entity, Index, PrimaryColumn } from 'typeorm';

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
}
