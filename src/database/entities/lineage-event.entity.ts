import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One accepted OpenLineage event, verbatim. Written only by EventLogRepository. */
@Entity({ name: 'lineage_events' })
export class LineageEventEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ name: 'received_at', type: 'timestamptz' })
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

  @Column({ name: 'content_hash', type: 'bytea' })
  contentHash!: Buffer;

  @Column({ type: 'jsonb' })
  payload!: unknown;

  @Column({ name: 'payload_bytes', type: 'integer' })
  payloadBytes!: number;

  @Column({ name: 'source_type', type: 'text' })
  sourceType!: 'anonymous' | 'tls-client-cert' | 'inferred';

  @Column({ name: 'source_principal', type: 'text', nullable: true })
  sourcePrincipal!: string | null;

  @Column({ name: 'peer_address', type: 'text', nullable: true })
  peerAddress!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;
}
