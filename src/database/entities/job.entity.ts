import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/** A job (namespace, name); its typed columns are derived from its current facets. */
@Entity({ name: 'jobs' })
@Unique('jobs_namespace_name_key', ['namespace', 'name'])
// USING gin (name gin_trgm_ops): TypeORM cannot express it, so the schema diff leaves it alone.
@Index('jobs_name_trgm_idx', { synchronize: false })
@Index('jobs_parent_idx', ['parentJobId'], { where: 'parent_job_id IS NOT NULL' })
@Index('jobs_first_seen_idx', ['firstSeenAt'])
// ((lower(name) COLLATE "C")): an expression index TypeORM cannot express; the diff leaves it alone.
@Index('jobs_lower_name_idx', { synchronize: false })
@Index('jobs_updated_idx', ['lastSeenAt', 'id'])
@Index('jobs_namespace_updated_idx', ['namespace', 'lastSeenAt', 'id'])
export class JobEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  namespace!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'job_type', type: 'text', nullable: true })
  jobType!: string | null;

  @Column({ name: 'processing_type', type: 'text', nullable: true })
  processingType!: string | null;

  @Column({ type: 'text', nullable: true })
  integration!: string | null;

  @Column({ name: 'job_type_at', type: 'timestamptz', nullable: true })
  jobTypeAt!: Date | null;

  @Column({ name: 'job_type_event_id', type: 'bigint', nullable: true })
  jobTypeEventId!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'description_at', type: 'timestamptz', nullable: true })
  descriptionAt!: Date | null;

  @Column({ name: 'description_event_id', type: 'bigint', nullable: true })
  descriptionEventId!: string | null;

  @Column({ type: 'text', nullable: true })
  sql!: string | null;

  @Column({ name: 'sql_at', type: 'timestamptz', nullable: true })
  sqlAt!: Date | null;

  @Column({ name: 'sql_event_id', type: 'bigint', nullable: true })
  sqlEventId!: string | null;

  @Column({ name: 'source_code_type', type: 'text', nullable: true })
  sourceCodeType!: string | null;

  @Column({ name: 'source_code_url', type: 'text', nullable: true })
  sourceCodeUrl!: string | null;

  @Column({ name: 'source_code_at', type: 'timestamptz', nullable: true })
  sourceCodeAt!: Date | null;

  @Column({ name: 'source_code_event_id', type: 'bigint', nullable: true })
  sourceCodeEventId!: string | null;

  @Column({ name: 'parent_job_id', type: 'uuid', nullable: true })
  parentJobId!: string | null;

  @Column({ name: 'parent_at', type: 'timestamptz', nullable: true })
  parentAt!: Date | null;

  @Column({ name: 'parent_event_id', type: 'bigint', nullable: true })
  parentEventId!: string | null;

  @Column({ name: 'latest_run_id', type: 'uuid', nullable: true })
  latestRunId!: string | null;

  @Column({ name: 'latest_run_at', type: 'timestamptz', nullable: true })
  latestRunAt!: Date | null;

  @Column({ name: 'latest_run_event_id', type: 'bigint', nullable: true })
  latestRunEventId!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
