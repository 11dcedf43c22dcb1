import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { COLUMN_EDGE_VALID } from './lineage-walk.repository';

/**
 * A dataset-level dependency (ColumnLineage's `dataset` list): the whole output dataset depends on
 * an input field, e.g. a join key or a filter, without feeding any one output column.
 */
export interface DatasetDependencyRow {
  outputNamespace: string;
  outputDataset: string;
  inputNamespace: string;
  inputDataset: string;
  inputField: string;
  transformationType: string | null;
  transformationSubtype: string | null;
  description: string | null;
  masking: boolean | null;
}

/** Column lineage edges with no output field (`output_field = ''`), valid now or as of a time. */
@Injectable()
export class DatasetDependenciesRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** The current dataset-level dependencies of these output datasets (by namespace and name). */
  async of(outputs: Array<{ namespace: string; name: string }>, asOf: Date | null): Promise<DatasetDependencyRow[]> {
    if (outputs.length === 0) return [];
    return this.dataSource.query(
      `SELECT o.namespace AS "outputNamespace", o.name AS "outputDataset", i.namespace AS "inputNamespace", i.name AS "inputDataset",
              e.input_field AS "inputField", nullif(e.transformation_type, '') AS "transformationType",
              nullif(e.transformation_subtype, '') AS "transformationSubtype", e.description, e.masking
         FROM unnest($1::text[], $2::text[]) AS wanted(namespace, name)
         JOIN datasets o ON o.namespace = wanted.namespace AND o.name = wanted.name
         JOIN column_lineage_edges e ON e.output_dataset_id = o.id AND e.output_field = ''
        CROSS JOIN LATERAL (SELECT namespace, name FROM datasets WHERE id = e.input_dataset_id OFFSET 0) i
        WHERE e.input_field <> '' AND ${COLUMN_EDGE_VALID('$3')}
        ORDER BY 1, 2, 3, 4, 5`,
      [outputs.map((o) => o.namespace), outputs.map((o) => o.name), asOf?.toISOString() ?? null],
    );
  }
}
