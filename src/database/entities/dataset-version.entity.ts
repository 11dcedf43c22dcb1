import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import { IndexBySql } from './index-by-sql';

export interface VersionField {
  name: string;
  type: string | null;
  description: string | null;
  fields?: VersionField[];
}

/** One distinct typed schema (field names and types) of a dataset; a name-only schema makes none. */
@Entity({ name: 'dataset_versions' })
@Unique('dataset_versions_dataset_hash_key', ['datasetId', 'schemaHash'])
@IndexBySql('dataset_versions_dataset_idx', 'USING btree (dataset_id, first_seen_at DESC)')
export class DatasetVersionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @Column({ name: 'schema_hash', type: 'text' })
  schemaHash!: string;

  @Column({ type: 'jsonb' })
  fields!: VersionField[];

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;

  /** The run whose output first had this schema; NULL when only ever read. */
  @Column({ name: 'created_by_run_id', type: 'uuid', nullable: true })
  createdByRunId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', nullable: true })
  createdAt!: Date | null;

  @Column({ name: 'created_event_id', type: 'bigint', nullable: true })
  createdEventId!: string | null;
}
