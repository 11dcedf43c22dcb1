import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type DeletedNodeKind = 'dataset' | 'job' | 'namespace';

/** An operator's deletion of a dataset, job or namespace: hides it until a newer event names it (ADR 0027). */
@Entity({ name: 'node_deletions' })
@Check('node_deletions_kind_check', `kind IN ('dataset', 'job', 'namespace')`)
@Check('node_deletions_name_check', `(kind = 'namespace') = (name IS NULL)`)
@Index('node_deletions_node_idx', ['namespace', 'kind', 'name', 'hiddenThrough'])
export class NodeDeletionEntity {
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'text' })
  kind!: DeletedNodeKind;

  @Column({ type: 'text' })
  namespace!: string;

  /** Null for a namespace. */
  @Column({ type: 'text', nullable: true })
  name!: string | null;

  /** Events up to this time are hidden; a later one names the node again. */
  @Column({ name: 'hidden_through', type: 'timestamptz' })
  hiddenThrough!: Date;

  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' })
  requestedAt!: Date;

  @Column({ name: 'peer_address', type: 'text', nullable: true })
  peerAddress!: string | null;

  @Column({ name: 'user_agent', type: 'text', nullable: true })
  userAgent!: string | null;
}
