import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatasetVersionEntity } from '../../database/entities/dataset-version.entity';
import { selectColumns } from '../../database/entity-columns';
import { InjectReadDataSource } from '../../database/read-data-source';

const FIELDS = ['id', 'datasetId', 'fields', 'createdByRunId'] as const;
/** A dataset version; created when a run created it, else when it was first seen. */
export type DatasetVersionRow = Pick<DatasetVersionEntity, (typeof FIELDS)[number]> & { createdAt: DatasetVersionEntity['firstSeenAt'] };

const COLUMNS = `${selectColumns(DatasetVersionEntity, FIELDS)}, coalesce(created_at, first_seen_at) AS "createdAt"`;

/** Read queries on `dataset_versions`: one version per distinct schema of a dataset. */
@Injectable()
export class DatasetVersionsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async byIds(ids: string[]): Promise<DatasetVersionRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${COLUMNS} FROM dataset_versions WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Newest first (dataset_versions_dataset_idx). */
  ofDataset(datasetId: string, limit: number, offset: number): Promise<DatasetVersionRow[]> {
    return this.dataSource.query(
      `SELECT ${COLUMNS} FROM dataset_versions WHERE dataset_id = $1 ORDER BY first_seen_at DESC, id LIMIT $2 OFFSET $3`,
      [datasetId, limit, offset],
    );
  }

  async countOfDataset(datasetId: string, cap: number): Promise<number> {
    const [row] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM (SELECT 1 FROM dataset_versions WHERE dataset_id = $1 ORDER BY first_seen_at DESC LIMIT $2) capped',
      [datasetId, cap],
    );
    return row.n;
  }
}
