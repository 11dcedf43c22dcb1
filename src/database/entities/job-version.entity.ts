import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface JobVersionDataset {
  namespace: string;
  name: string;
}

/** A job's namespace, name, sorted inputs and outputs and source code location, as a finished run had them. */
@Entity({ name: 'job_versions' })
// (job_id, first_seen_at DESC, id)
@Index('job_versions_job_idx', ['jobId', 'firstSeenAt', 'id'])
// (job_id, last_seen_at DESC, last_event_id DESC)
@Index('job_versions_current_idx', ['jobId', 'lastSeenAt', 'lastEventId'])
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
