import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { LineageEventEntity } from './lineage-event.entity';

/** An event written to the log and not yet projected. */
@Entity({ name: 'projection_queue' })
export class ProjectionQueueEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @OneToOne(() => LineageEventEntity)
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'projection_queue_event_id_fkey' })
  event?: LineageEventEntity;

  @Column({ name: 'enqueued_at', type: 'timestamptz', default: () => 'now()' })
  enqueuedAt!: Date;
}
