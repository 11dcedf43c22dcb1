import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'namespaces' })
export class NamespaceEntity {
  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
