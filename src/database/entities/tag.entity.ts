import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type TagTarget = 'dataset' | 'job' | 'run';

/** A tag from a `tags` facet; add-only. field '' for a tag on the dataset, job or run itself. */
@Entity({ name: 'tags' })
@Check('tags_target_kind_check', `target_kind IN ('dataset', 'job', 'run')`)
@Index('tags_key_idx', ['key'])
export class TagEntity {
  @PrimaryColumn({ name: 'target_kind', type: 'text' })
  targetKind!: TagTarget;

  @PrimaryColumn({ name: 'target_id', type: 'uuid' })
  targetId!: string;

  @PrimaryColumn({ type: 'text' })
  field!: string;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  @Column({ type: 'text', nullable: true })
  value!: string | null;

  @Column({ type: 'text', nullable: true })
  source!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;
}
