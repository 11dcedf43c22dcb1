import { Entity, PrimaryColumn } from 'typeorm';

export type EventDatasetRole = 'input' | 'output' | 'dataset' | 'symlink';

@Entity({ name: 'event_datasets' })
export class EventDatasetEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  role!: EventDatasetRole;
}
