import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { groupBy } from '../shared/group-by';

/** Read queries on `dataset_fields`: the field names untyped schemas gave a dataset. */
@Injectable()
export class DatasetFieldsRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** Each dataset's field names, in the order first sent (primary key probes, sorted per dataset). */
  async namesOf(datasetIds: string[]): Promise<Map<string, string[]>> {
    if (datasetIds.length === 0) return new Map();
    const rows: Array<{ datasetId: string; name: string }> = await this.dataSource.query(
      `SELECT dataset_id AS "datasetId", name FROM dataset_fields WHERE dataset_id = ANY($1::uuid[])
        ORDER BY dataset_id, first_seen_at, first_event_id, position`,
      [datasetIds],
    );
    return new Map([...groupBy(rows, (r) => r.datasetId)].map(([id, fields]) => [id, fields.map((f) => f.name)]));
  }
}
