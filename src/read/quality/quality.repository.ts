import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { DatasetAssertionEntity } from '../../database/entities/dataset-assertion.entity';
import { DatasetQualityEntity } from '../../database/entities/dataset-quality.entity';

/**
 * A row of dataset_quality with, beside it, the dataset version the run saw (run_datasets) and
 * the run's job and state: null where there is none or the run is not projected yet.
 */
export type RunQualityRow = DatasetQualityEntity & {
  versionId: string | null;
  runState: string | null;
  jobNamespace: string | null;
  jobName: string | null;
};

export type AssertionRow = Pick<DatasetAssertionEntity, 'runId' | 'assertion' | 'column' | 'success' | 'eventTime'>;

/** Read queries on `dataset_quality` and `dataset_assertions`. */
@Injectable()
export class QualityRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** The dataset's measurements, one row per run and direction, newest first (dataset_quality_dataset_idx). */
  runs(datasetId: string, limit: number): Promise<RunQualityRow[]> {
    return this.dataSource.query(
      `SELECT q.run_id AS "runId", q.dataset_id AS "datasetId", q.direction,
              q.metrics_row_count AS "metricsRowCount", q.metrics_bytes AS "metricsBytes", q.metrics_file_count AS "metricsFileCount",
              q.column_metrics AS "columnMetrics", q.metrics_at AS "metricsAt", q.metrics_event_id AS "metricsEventId",
              q.statistics_row_count AS "statisticsRowCount", q.statistics_bytes AS "statisticsBytes",
              q.statistics_file_count AS "statisticsFileCount", q.statistics_at AS "statisticsAt", q.statistics_event_id AS "statisticsEventId",
              q.first_seen_at AS "firstSeenAt", q.last_seen_at AS "lastSeenAt",
              rd.version_id AS "versionId", r.state AS "runState", j.namespace AS "jobNamespace", j.name AS "jobName"
         FROM dataset_quality q
         LEFT JOIN run_datasets rd ON rd.run_id = q.run_id AND rd.direction = q.direction AND rd.dataset_id = q.dataset_id
         LEFT JOIN runs r ON r.id = q.run_id
         LEFT JOIN jobs j ON j.id = r.job_id
        WHERE q.dataset_id = $1
        ORDER BY q.last_seen_at DESC, q.run_id, q.direction
        LIMIT $2`,
      [datasetId, limit],
    );
  }

  /** The assertions these runs reported on the dataset, by run, assertion and column. */
  assertionsOfRuns(datasetId: string, runIds: string[]): Promise<AssertionRow[]> {
    if (runIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT run_id AS "runId", assertion, column_name AS "column", success, event_time AS "eventTime"
         FROM dataset_assertions WHERE dataset_id = $1 AND run_id = ANY($2::uuid[])
        ORDER BY run_id, assertion, column_name`,
      [datasetId, runIds],
    );
  }

  /** The assertions of the run that reported on the dataset last (dataset_assertions_dataset_idx), by assertion and column. */
  latestAssertions(datasetId: string): Promise<AssertionRow[]> {
    return this.dataSource.query(
      `WITH latest AS (
         SELECT run_id FROM dataset_assertions WHERE dataset_id = $1 ORDER BY event_time DESC, event_id DESC LIMIT 1
       )
       SELECT a.run_id AS "runId", a.assertion, a.column_name AS "column", a.success, a.event_time AS "eventTime"
         FROM dataset_assertions a JOIN latest USING (run_id)
        WHERE a.dataset_id = $1
        ORDER BY a.assertion, a.column_name`,
      [datasetId],
    );
  }
}
