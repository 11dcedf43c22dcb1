import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type LineageSource = 'declared' | 'observed';
export type EntityKind = 'dataset' | 'job';

/**
 * An edge of explicit lineage (the `lineage` facet): from a dataset or job (a dataset's field) to
 * another. Fields are '' at the table level. `declarer_id` is the job or dataset that stated it.
 */
@Entity({ name: 'explicit_lineage_edges' })
@Check('explicit_lineage_edges_source_check', `source IN ('declared', 'observed')`)
@Check('explicit_lineage_edges_origin_kind_check', `origin_kind IN ('dataset', 'job')`)
@Check('explicit_lineage_edges_destination_kind_check', `destination_kind IN ('dataset', 'job')`)
@Index('explicit_lineage_edges_origin_idx', ['originId', 'originField'])
@Index('explicit_lineage_edges_destination_idx', ['destinationId', 'destinationField'])
export class ExplicitLineageEdgeEntity {
  @PrimaryColumn({ name: 'declarer_id', type: 'uuid' })
  declarerId!: string;

  @PrimaryColumn({ type: 'text' })
  source!: LineageSource;

  @Column({ name: 'origin_kind', type: 'text' })
  originKind!: EntityKind;

  @PrimaryColumn({ name: 'origin_id', type: 'uuid' })
  originId!: string;

  @PrimaryColumn({ name: 'origin_field', type: 'text' })
  originField!: string;

  @Column({ name: 'destination_kind', type: 'text' })
  destinationKind!: EntityKind;

  @PrimaryColumn({ name: 'destination_id', type: 'uuid' })
  destinationId!: string;

  @PrimaryColumn({ name: 'destination_field', type: 'text' })
  destinationField!: string;

  /** '' when the producer named none. */
  @PrimaryColumn({ name: 'transformation_type', type: 'text' })
  transformationType!: string;

  @PrimaryColumn({ name: 'transformation_subtype', type: 'text' })
  transformationSubtype!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'boolean', nullable: true })
  masking!: boolean | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'first_event_id', type: 'bigint' })
  firstEventId!: string;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;

  @Column({ name: 'last_event_id', type: 'bigint' })
  lastEventId!: string;
}
