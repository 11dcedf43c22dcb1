import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectReadDataSource } from '../../database/read-data-source';
import { COLUMN_EDGE_VALID, EXPLICIT_EDGE_VALID } from '../shared/edge-validity';
import { SourceFlags } from '../shared/lineage-source';

/**
 * A dataset-level dependency (ColumnLineage's `dataset` list, or an entity-level source with a
 * `field` in the `lineage` facet): the whole output dataset depends on an input field, e.g. a join
 * key or a filter, without feeding any one output column.
 */
export interface DatasetDependencyRow extends SourceFlags {
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

/**
 * Field edges with no output field (`output_field = ''` in column lineage, `destination_field = ''`
 * from a field in explicit lineage), valid now or as of a time, each flagged observed or declared.
 */
@Injectable()
export class DatasetDependenciesRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** The dataset-level dependencies of these output datasets (by namespace and name). */
  async of(outputs: Array<{ namespace: string; name: string }>, asOf: Date | null): Promise<DatasetDependencyRow[]> {
    if (outputs.length === 0) return [];
    return this.dataSource.query(
      `SELECT o.namespace AS "outputNamespace", o.name AS "outputDataset", i.namespace AS "inputNamespace", i.name AS "inputDataset",
              e."inputField", e."transformationType", e."transformationSubtype", e.description, e.masking, e.observed, e.declared
         FROM unnest($1::text[], $2::text[]) AS wanted(namespace, name)
         JOIN datasets o ON o.namespace = wanted.namespace AND o.name = wanted.name
        CROSS JOIN LATERAL (
          SELECT e.input_dataset_id AS "inputId", e.input_field AS "inputField", nullif(e.transformation_type, '') AS "transformationType",
                 nullif(e.transformation_subtype, '') AS "transformationSubtype", e.description, e.masking, true AS observed, false AS declared
            FROM column_lineage_edges e
           WHERE e.output_dataset_id = o.id AND e.output_field = '' AND e.input_field <> '' AND ${COLUMN_EDGE_VALID('$3')}
          UNION ALL
          SELECT e.origin_id, e.origin_field, nullif(e.transformation_type, ''), nullif(e.transformation_subtype, ''), e.description, e.masking,
                 e.source = 'observed', e.source = 'declared'
            FROM explicit_lineage_edges e
           WHERE e.destination_id = o.id AND e.destination_field = '' AND e.origin_field <> '' AND ${EXPLICIT_EDGE_VALID('$3')}
        ) e
        CROSS JOIN LATERAL (SELECT namespace, name FROM datasets WHERE id = e."inputId" OFFSET 0) i
        ORDER BY 1, 2, 3, 4, 5, 6, 7`,
      [outputs.map((o) => o.namespace), outputs.map((o) => o.name), asOf?.toISOString() ?? null],
    );
  }
}
