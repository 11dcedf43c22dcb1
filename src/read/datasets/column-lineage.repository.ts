import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ColumnLineageEdgeEntity } from '../../database/entities/column-lineage-edge.entity';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { InjectReadDataSource } from '../../database/read-data-source';
import { EXPLICIT_EDGE_VALID } from '../shared/edge-validity';
import { SourceFlags } from '../shared/lineage-source';

type Edge = ColumnLineageEdgeEntity;
/** One input of an output field's current column lineage; an empty transformation is null. */
export type ColumnEdgeRow = Pick<Edge, 'outputDatasetId' | 'outputField' | 'inputDatasetId' | 'description' | 'masking'> &
  Pick<DatasetEntity, 'namespace' | 'name'> & {
    field: Edge['inputField'];
    transformationType: Edge['transformationType'] | null;
    transformationSubtype: Edge['transformationSubtype'] | null;
  } & SourceFlags;

/**
 * The current column lineage of output datasets, per output field: the edges of its head
 * ColumnLineage statement (observed), and the field edges of explicit lineage valid now (the
 * `lineage` facet: declared by a job event or a dataset, or observed by a run), each row flagged.
 */
@Injectable()
export class ColumnLineageRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  async currentOf(datasetIds: string[]): Promise<ColumnEdgeRow[]> {
    if (datasetIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT c.*, d.namespace, d.name
         FROM (SELECT h.dataset_id AS "outputDatasetId", h.field AS "outputField", e.input_dataset_id AS "inputDatasetId", e.input_field AS field,
                      nullif(e.transformation_type, '') AS "transformationType",
                      nullif(e.transformation_subtype, '') AS "transformationSubtype", e.description, e.masking,
                      true AS observed, false AS declared
                 FROM column_lineage_heads h
                 -- A primary-key probe per head: OFFSET 0 keeps the planner from hashing the whole edge table.
                CROSS JOIN LATERAL (SELECT * FROM column_lineage_edges e
                                     WHERE e.output_dataset_id = h.dataset_id AND e.output_field = h.field
                                       AND e.last_seen_at = h.event_time AND e.last_event_id = h.event_id
                                    OFFSET 0) e
                WHERE h.dataset_id = ANY($1::uuid[]) AND h.field <> ''
               UNION ALL
               SELECT e.destination_id, e.destination_field, e.origin_id, e.origin_field,
                      nullif(e.transformation_type, ''), nullif(e.transformation_subtype, ''), e.description, e.masking,
                      e.source = 'observed', e.source = 'declared'
                 FROM explicit_lineage_edges e
                WHERE e.destination_id = ANY($1::uuid[]) AND e.destination_field <> '' AND e.origin_field <> ''
                  AND ${EXPLICIT_EDGE_VALID('NULL')}) c
         JOIN datasets d ON d.id = c."inputDatasetId"
        ORDER BY c."outputDatasetId", c."outputField", d.namespace, d.name, c.field, c."transformationType", c."transformationSubtype"`,
      [datasetIds],
    );
  }
}
