import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import { IndexBySql } from './index-by-sql';
import { ColumnQuality } from '../../openlineage/quality-facets';

/**
 * What one run measured of one dataset it read or wrote: the `dataQualityMetrics` facet (rows,
 * bytes, files and per-column metrics) and the `inputStatistics` / `outputStatistics` facet, each
 * a group kept from the latest event that carried it. Counts are bigints (strings in TypeScript).
 */
@Entity({ name: 'dataset_quality' })
@Check('dataset_quality_direction_check', `direction IN ('input', 'output')`)
// (dataset_id, last_seen_at DESC): a dataset's quality over time, newest first.
@IndexBySql('dataset_quality_dataset_idx', 'USING btree (dataset_id, last_seen_at DESC)')
export class DatasetQualityEntity {
  @PrimaryColumn({ name: 'run_id', type: 'uuid' })
  runId!: string;

  @PrimaryColumn({ name: 'dataset_id', type: 'uuid' })
  datasetId!: string;

  @PrimaryColumn({ type: 'text' })
  direction!: 'input' | 'output';

  @Column({ name: 'metrics_row_count', type: 'bigint', nullable: true })
  metricsRowCount!: string | null;

  @Column({ name: 'metrics_bytes', type: 'bigint', nullable: true })
  metricsBytes!: string | null;

  @Column({ name: 'metrics_file_count', type: 'bigint', nullable: true })
  metricsFileCount!: string | null;

  /** Column name to its metrics. */
  @Column({ name: 'column_metrics', type: 'jsonb', nullable: true })
  columnMetrics!: Record<string, ColumnQuality> | null;

  @Column({ name: 'metrics_at', type: 'timestamptz', nullable: true })
  metricsAt!: Date | null;

  @Column({ name: 'metrics_event_id', type: 'bigint', nullable: true })
  metricsEventId!: string | null;

  @Column({ name: 'statistics_row_count', type: 'bigint', nullable: true })
  statisticsRowCount!: string | null;

  @Column({ name: 'statistics_bytes', type: 'bigint', nullable: true })
  statisticsBytes!: string | null;

  @Column({ name: 'statistics_file_count', type: 'bigint', nullable: true })
  statisticsFileCount!: string | null;

  @Column({ name: 'statistics_at', type: 'timestamptz', nullable: true })
  statisticsAt!: Date | null;

  @Column({ name: 'statistics_event_id', type: 'bigint', nullable: true })
  statisticsEventId!: string | null;

  @Column({ name: 'first_seen_at', type: 'timestamptz' })
  firstSeenAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz' })
  lastSeenAt!: Date;
}
