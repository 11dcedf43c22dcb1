import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';

/**
 * One accepted OpenLineage event, verbatim. Written only by EventLogRepository. The table is
 * range-partitioned by received_at (migrations/1796304106326-partitioned-log.sql; its partitions
 * are made by src/log/partitions/), so its primary key includes it; an event is stored once by
 * its content hash through lineage_event_keys.
 */
@Entity({ name: 'lineage_events' })
@Check('lineage_events_event_kind_check', `event_kind IN ('run', 'job', 'dataset')`)
@Check('lineage_events_event_type_check', `event_type IN ('START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER')`)
@Check('lineage_events_source_type_check', `source_type IN ('anonymous', 'tls-client-cert', 'inferred')`)
@Index('lineage_events_event_time_idx', ['eventTime'])
@Index('lineage_events_run_idx', ['runId', 'eventTime', 'id'], { where: 'run_id IS NOT NULL' })
@Index('lineage_events_run_events_idx', ['eventTime', 'id', 'eventType'], { where: `event_kind = 'run'` })
@IndexBySql('lineage_events_received_at_brin_idx', 'USING brin (received_at)')
export class LineageEventEntity {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'lineage_events_pkey' })
  id!: string;

  /** The partition key: when the store received the event (not the producer's eventTime). */
  @PrimaryColumn({ name: 'received_at', type: 'timestamptz', default: () => 'now()', primaryKeyConstraintName: 'lineage_events_pkey' })
  receivedAt!: Date;

  @Column({ name: 'event_kind', type: 'text' })
  eventKind!: 'run' | 'job' | 'dataset';

  @Column({ name: 'event_type', type: 'text', nullable: true })
  eventType!: string | null;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'run_id', type: 'uuid', nullable: true })
  runId!: string | null;

  @Column({ name: 'job_namespace', type: 'text', nullable: true })
  jobNamespace!: string | null;

  @Column({ name: 'job_name', type: 'text', nullable: true })
  jobName!: string | null;

  @Column({ type: 'text', nullable: true })
  producer!: string | null;

  @Column({ name: 'schema_url', type: 'text', nullable: true })
  schemaUrl!: string | null;

  /** sha256 of the event's JSON text: a retried event is stored once. */
  @Column({ name: 'content_hash', type: 'bytea' })
  contentHash!: Buffer;

  @Column({ type: 'json' })
  payload!: unknown;

  @Column({ name: 'payload_bytes', type: 'integer' })
  payloadBytes!: number;

  @Column({ name: 'source_type', type: 'text', default: 'anonymous' })
  sourceType!: 'anonymous' | 'tls-client-cert' | 'inferred';

  @Column({ name: 'source_principal', type: 'text', nullable: true })
  sourcePrincipal!: string | null;

  @Column({ name: 'peer_address', type: 'text', nullable: true })
  peerAddress!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;
}
