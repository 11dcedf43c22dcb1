import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A source named by a `dataSource` facet. */
@Entity({ name: 'sources' })
@Index('sources_first_seen_idx', ['firstSeenAt'])
export class SourceEntity {
  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  uri!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;
}
