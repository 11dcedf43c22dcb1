import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A job's current facet of one name; `facet` NULL is a `{"_deleted": true}` tombstone. */
@Entity({ name: 'job_facets' })
export class JobFacetEntity {
  @PrimaryColumn({ name: 'job_id', type: 'uuid' })
  jobId!: string;

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'jsonb', nullable: true })
  facet!: Record<string, unknown> | null;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
