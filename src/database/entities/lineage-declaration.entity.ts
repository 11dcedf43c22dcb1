import { Entity, PrimaryColumn } from 'typeorm';

/** One event's declaration of a job's or dataset's explicit lineage: it ends the edges the declarer declared before. */
@Entity({ name: 'lineage_declarations' })
export class LineageDeclarationEntity {
  @PrimaryColumn({ name: 'declarer_id', type: 'uuid' })
  declarerId!: string;

  @PrimaryColumn({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @PrimaryColumn({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
