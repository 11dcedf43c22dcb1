import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { Direction } from './run-dataset.entity';

/** input: dataset -> job; output: job -> dataset: the inputs and outputs events list. */
@Entity({ name: 'lineage_edges' })
@Check('lineage_edges_direction_check', `direction IN ('input', 'output')`)
@Index('lineage_edges_dataset_idx', ['datasetId', 'direction', 'jobId'])
@Index('lineage_edges_dataset_recent_idx', ['datasetId', 'direction', 'lastSeenAt'])
export class LineageEdgeEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId!: string;

  @PrimaryColumn({ type: 'text' })
  direction!: Direction;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;

  @Column({ name: 'last_run_id', type: 'uuid', nullable: true })
  lastRunId!: string | null;

  /** A run event listed it. */
  @Column({ type: 'boolean' })
  observed!: boolean;

  /** A job event listed it. */
  @Column({ type: 'boolean' })
  declared!: boolean;
}
