import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ColumnLineageEdgeEntity } from '../../database/entities/column-lineage-edge.entity';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { InjectReadDataSource } from '../../database/read-data-source';

type Edge = ColumnLineageEdgeEntity;
/** One input of an output field's current column lineage; an empty transformation is null. */
export type ColumnEdgeRow = Pick<Edge, 'outputDatasetId' | 'outputField' | 'description' | 'masking'> &
  Pick<DatasetEntity, 'namespace' | 'name'> & {
    field: Edge['inputField'];
    transformationType: Edge['transformationType'] | null;
    transformationSubtype: Edge['transformationSubtype'] | null;
  };

/** The current column lineage of output datasets: per output field, the edges of its head event. */
@Injectable()
export class ColumnLineageRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async currentOf(datasetIds: string[]): Promise<ColumnEdgeRow[]> {
    if (datasetIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT h.dataset_id AS "outputDatasetId", h.field AS "outputField", d.namespace, d.name, e.input_field AS field,
              nullif(e.transformation_type, '') AS "transformationType",
              nullif(e.transformation_subtype, '') AS "transformationSubtype", e.description, e.masking
         FROM column_lineage_heads h
         -- A primary-key probe per head: OFFSET 0 keeps the planner from hashing the whole edge table.
        CROSS JOIN LATERAL (SELECT * FROM column_lineage_edges e
                             WHERE e.output_dataset_id = h.dataset_id AND e.output_field = h.field
                               AND e.last_seen_at = h.event_time AND e.last_event_id = h.event_id
                            OFFSET 0) e
         JOIN datasets d ON d.id = e.input_dataset_id
        WHERE h.dataset_id = ANY($1::uuid[]) AND h.field <> ''
        ORDER BY h.dataset_id, h.field, d.namespace, d.name, e.input_field`,
      [datasetIds],
    );
  }
}
