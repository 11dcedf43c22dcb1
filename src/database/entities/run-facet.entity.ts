import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A facet a run's events carried (run facets, and job facets as of that run), latest-wins: which
 * event's facet it is. The facet itself stays in that event, in the log (runs.repository reads it).
 */
@Entity({ name: 'run_facets' })
@Check('run_facets_facet_type_check', `facet_type IN ('run', 'job')`)
export class RunFacetEntity {
  @PrimaryColumn({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @PrimaryColumn({ name: 'facet_type', type: 'text' })
  facetType!: 'run' | 'job';

  @PrimaryColumn({ type: 'text' })
  name!: string;

  @Column({ name: 'event_time', type: 'timestamptz' })
  eventTime!: Date;

  @Column({ name: 'event_id', type: 'bigint' })
  eventId!: string;
}
