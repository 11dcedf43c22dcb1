import { Check, Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { IndexBySql } from './index-by-sql';

export type DatasetKind = 'dataset' | 'symlink';

@Entity({ name: 'datasets' })
@Check('datasets_kind_check', `kind IN ('dataset', 'symlink')`)
@Unique('datasets_namespace_name_key', ['namespace', 'name'])
@Index('datasets_scheme_idx', ['scheme', 'namespace', 'name'])
@Index('datasets_first_seen_idx', ['firstSeenAt'])
@IndexBySql('datasets_lower_name_idx', 'USING btree (lower(name) COLLATE "C")')
@IndexBySql('datasets_name_trgm_idx', 'USING gin (name gin_trgm_ops)')
@IndexBySql('datasets_namespace_trgm_idx', 'USING gin (namespace gin_trgm_ops)')
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

  /** From the current `documentation` facet. */
  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'description_at', type: 'timestamptz', nullable: true })
  descriptionAt!: Date | null;

  @Column({ name: 'description_event_id', type: 'bigint', nullable: true })
  descriptionEventId!: string | null;

  /** From the current `dataSource` facet. */
  @Column({ name: 'source_name', type: 'text', nullable: true })
  sourceName!: string | null;

  @Column({ name: 'source_name_at', type: 'timestamptz', nullable: true })
  sourceNameAt!: Date | null;

  @Column({ name: 'source_name_event_id', type: 'bigint', nullable: true })
  sourceNameEventId!: string | null;

  @Column({ name: 'current_version_id', type: 'uuid', nullable: true })
  currentVersionId!: string | null;

  @Column({ name: 'current_version_at', type: 'timestamptz', nullable: true })
  currentVersionAt!: Date | null;

  @Column({ name: 'current_version_event_id', type: 'bigint', nullable: true })
  currentVersionEventId!: string | null;
}
