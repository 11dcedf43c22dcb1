import { Column, Entity, PrimaryColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';

export interface JobVersionDataset {
  namespace: string;
  name: string;
}

/** A job's namespace, name, sorted inputs and outputs and source code location, as a finished run had them. */
@Entity({ name: 'job_versions' })
@IndexBySql('job_versions_job_idx', 'USING btree (job_id, first_seen_at DESC, id)')
@IndexBySql('job_versions_current_idx', 'USING btree (job_id, last_seen_at DESC, last_event_id DESC)')
export class JobVersionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'job_id', type: 'uuid' })
  jobId!: string;

  @Column({ type: 'jsonb' })
  inputs!: JobVersionDataset[];

  @Column({ type: 'jsonb' })
  outputs!: JobVersionDataset[];

  @Column({ type: 'text', nullable: true })
  location!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'first_run_id', type: 'uuid' })
  firstRunId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;

  @Column({ name: 'last_run_id', type: 'uuid' })
  lastRunId!: string;
}
