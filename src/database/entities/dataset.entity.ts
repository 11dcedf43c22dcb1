import { Column, Entity, PrimaryColumn } from 'typeorm';

export type DatasetKind = 'dataset' | 'symlink';

@Entity({ name: 'datasets' })
export class DatasetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  namespace!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  scheme!: string;

  @Column({ type: 'text', nullable: true })
  authority!: string | null;

  @Column({ type: 'text' })
  kind!: DatasetKind;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;
}
