import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event written to the log and not yet projected. */
@Entity({ name: 'projection_queue' })
export class ProjectionQueueEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @Column({ name: 'enqueued_at', type: 'timestamptz', default: () => 'now()' })
  enqueuedAt!: Date;
}
