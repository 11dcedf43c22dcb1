import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { RunState } from '../../openlineage/run-state';
import { IndexBySql } from './index-by-sql';

export type { RunState };

@Entity({ name: 'runs' })
@Check('runs_state_check', `state IN ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')`)
@Check('runs_state_at_check', '(state IS NULL) = (state_at IS NULL) AND (state IS NULL) = (state_event_id IS NULL)')
@IndexBySql('runs_job_idx', 'USING btree (job_id, first_seen_at DESC, id)')
@Index('runs_parent_idx', ['parentRunId'], { where: 'parent_run_id IS NOT NULL' })
export class RunEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'job_id', type: 'uuid' })
  jobId!: string;

  /** NULL while the run is known only as another run's parent. */
  @Column({ type: 'text', nullable: true })
  state!: RunState | null;

  @Column({ name: 'state_at', type: 'timestamptz', nullable: true })
  stateAt!: Date | null;

  @Column({ name: 'state_event_id', type: 'bigint', nullable: true })
  stateEventId!: string | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'nominal_start_time', type: 'timestamptz', nullable: true })
  nominalStartTime!: Date | null;

  @Column({ name: 'nominal_end_time', type: 'timestamptz', nullable: true })
  nominalEndTime!: Date | null;

  @Column({ name: 'nominal_time_at', type: 'timestamptz', nullable: true })
  nominalTimeAt!: Date | null;

  @Column({ name: 'nominal_time_event_id', type: 'bigint', nullable: true })
  nominalTimeEventId!: string | null;

  @Column({ name: 'error_message', type: 'text', nullable: true })
  errorMessage!: string | null;

  @Column({ name: 'error_message_at', type: 'timestamptz', nullable: true })
  errorMessageAt!: Date | null;

  @Column({ name: 'error_message_event_id', type: 'bigint', nullable: true })
  errorMessageEventId!: string | null;

  @Column({ name: 'parent_run_id', type: 'uuid', nullable: true })
  parentRunId!: string | null;

  /** The root run of the hierarchy, when the `parent` facet names one (ParentRunFacet 1-1-0 `root`). */
  @Column({ name: 'root_run_id', type: 'uuid', nullable: true })
  rootRunId!: string | null;

  @Column({ name: 'parent_at', type: 'timestamptz', nullable: true })
  parentAt!: Date | null;

  @Column({ name: 'parent_event_id', type: 'bigint', nullable: true })
  parentEventId!: string | null;

  /** The version of the winning terminal event; NULL while unfinished. */
  @Column({ name: 'job_version_id', type: 'uuid', nullable: true })
  jobVersionId!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
