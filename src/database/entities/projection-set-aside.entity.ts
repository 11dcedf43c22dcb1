import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An event the projection could not apply: it stays in the log; `reproject` tries it again. */
@Entity({ name: 'projection_set_aside' })
export class ProjectionSetAsideEntity {
  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;

  @Column({ name: 'set_aside_at', type: 'timestamptz', default: () => 'now()' })
  setAsideAt!: Date;

  @Column({ type: 'text' })
  reason!: string;
}
