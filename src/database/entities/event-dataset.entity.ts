import { Check, Entity, PrimaryColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';

export type EventDatasetRole = 'input' | 'output' | 'dataset' | 'symlink';

@Entity({ name: 'event_datasets' })
@Check('event_datasets_role_check', `role IN ('input', 'output', 'dataset', 'symlink')`)
@IndexBySql('event_datasets_dataset_idx', 'USING btree (dataset_id, event_id DESC)')
export class EventDatasetEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  role!: EventDatasetRole;
}
