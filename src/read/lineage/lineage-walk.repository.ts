import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ColumnLineageEdgeEntity } from '../../database/entities/column-lineage-edge.entity';
import { DatasetEntity } from '../../database/entities/dataset.entity';
import { DatasetVersionEntity } from '../../database/entities/dataset-version.entity';
import { LineageEdgeEntity } from '../../database/entities/lineage-edge.entity';
import { InjectReadDataSource } from '../../database/read-data-source';
import { COLUMN_EDGE_VALID, EXPLICIT_EDGE_VALID, TABLE_EDGE_VALID } from '../shared/edge-validity';
import { datasetIdHidden, jobIdHidden } from '../shared/hidden-nodes';

export type WalkDirection = 'upstream' | 'downstream';

/** One breadth-first level of a walk: the nodes first reached at it. */
export interface WalkLevel {
  level: number;
  direction: WalkDirection;
  datasetIds: string[];
  jobIds: string[];
}

/** An edge between two nodes (dataset or job ids); observed and declared say by what (both may hold). */
export type TableEdge = { originId: string; destinationId: string } & Pick<LineageEdgeEntity, 'observed' | 'declared'>;

/** A field of a dataset, as the column walk keys it: `{dataset uuid}:{field}`. */
export type FieldKey = string;

export interface FieldWalkLevel {
  level: number;
  direction: WalkDirection;
  fields: FieldKey[];
}

/** A dataset, its current version and that version's fields. */
export type DatasetFields = Pick<DatasetEntity, 'id' | 'namespace' | 'name'> & {
  versionId: DatasetEntity['currentVersionId'];
  fields: DatasetVersionEntity['fields'];
};

type Edge = ColumnLineageEdgeEntity;
/** A field-to-field edge; an empty transformation is null. */
export type ColumnEdge = Pick<Edge, 'outputDatasetId' | 'outputField' | 'inputDatasetId' | 'inputField' | 'description' | 'masking'> & {
  transformationType: Edge['transformationType'] | null;
  transformationSubtype: Edge['transformationSubtype'] | null;
} & Pick<LineageEdgeEntity, 'observed' | 'declared'>;

/** SQL condition: the explicit edge's end (`kind` 'dataset' or 'job', its `id`) is a hidden node. */
const explicitNodeHidden = (kind: string, id: string) => `(CASE ${kind} WHEN 'job' THEN ${jobIdHidden(id)} ELSE ${datasetIdHidden(id)} END)`;

const FIELD_KEY = (datasetColumn: string, fieldColumn: string) => `(${datasetColumn}::text || ':' || (${fieldColumn}))`;

/**
 * Graph walks over `lineage_edges`, `column_lineage_edges` and `explicit_lineage_edges`, each one statement whatever the
 * graph's size: a recursive query keeps one row per breadth-first level, holding that level's new
 * nodes and every node seen so far, so each node is visited once. It stops at the depth, when a
 * level adds nothing, or once more than `maxNodes` are seen (the caller trims and says it was cut).
 * Every step looks edges up by index (the primary keys and the by-dataset / by-input indexes).
 * A walk does not step onto a hidden node (read/shared/hidden-nodes.ts), so it does not go through one either.
 */
@Injectable()
export class LineageWalkRepository {
  constructor(@InjectReadDataSource() private readonly dataSource: DataSource) {}

  /** `levels` counts edges: dataset -> job is one, job -> dataset another. */
  async walkTables(
    start: { datasetIds: string[]; jobIds: string[] },
    directions: WalkDirection[],
    levels: number,
    maxNodes: number,
    asOf: Date | null,
  ): Promise<WalkLevel[]> {
    const rows: Array<{ level: number; dir: WalkDirection; ds: string[]; jobs: string[] }> = await this.dataSource.query(
      `WITH RECURSIVE walk(level, dir, ds, jobs, seen_ds, seen_jobs) AS (
         SELECT 0, d.dir, $1::uuid[], $2::uuid[], $1::uuid[], $2::uuid[] FROM unnest($3::text[]) AS d(dir)
         UNION ALL
         SELECT w.level + 1, w.dir, nxt.ds, nxt.jobs, w.seen_ds || nxt.ds, w.seen_jobs || nxt.jobs
           FROM walk w
          CROSS JOIN LATERAL (
            SELECT coalesce(array_agg(DISTINCT n.id) FILTER (WHERE n.kind = 'job'), '{}') AS jobs,
                   coalesce(array_agg(DISTINCT n.id) FILTER (WHERE n.kind = 'dataset'), '{}') AS ds
              FROM (
                SELECT DISTINCT 'job' AS kind, e.job_id AS id
                  FROM lineage_edges e
                 WHERE e.dataset_id = ANY (w.ds)
                   AND e.direction = CASE w.dir WHEN 'downstream' THEN 'input' ELSE 'output' END
                   AND NOT e.job_id = ANY (w.seen_jobs)
                   AND ${TABLE_EDGE_VALID('$6')}
                   AND NOT ${jobIdHidden('e.job_id')}
                UNION ALL
                SELECT DISTINCT 'dataset', e.dataset_id
                  FROM lineage_edges e
                 WHERE e.job_id = ANY (w.jobs)
                   AND e.direction = CASE w.dir WHEN 'downstream' THEN 'output' ELSE 'input' END
                   AND NOT e.dataset_id = ANY (w.seen_ds)
                   AND ${TABLE_EDGE_VALID('$6')}
                   AND NOT ${datasetIdHidden('e.dataset_id')}
                UNION ALL
                SELECT DISTINCT e.destination_kind, e.destination_id
                  FROM explicit_lineage_edges e
                 WHERE w.dir = 'downstream' AND e.origin_id = ANY (w.ds || w.jobs) AND e.origin_field = '' AND e.destination_field = ''
                   AND NOT e.destination_id = ANY (w.seen_ds || w.seen_jobs)
                   AND ${EXPLICIT_EDGE_VALID('$6')}
                   AND NOT ${explicitNodeHidden('e.destination_kind', 'e.destination_id')}
                UNION ALL
                SELECT DISTINCT e.origin_kind, e.origin_id
                  FROM explicit_lineage_edges e
                 WHERE w.dir = 'upstream' AND e.destination_id = ANY (w.ds || w.jobs) AND e.destination_field = '' AND e.origin_field = ''
                   AND NOT e.origin_id = ANY (w.seen_ds || w.seen_jobs)
                   AND ${EXPLICIT_EDGE_VALID('$6')}
                   AND NOT ${explicitNodeHidden('e.origin_kind', 'e.origin_id')}
              ) n
          ) nxt
          WHERE w.level < $4
            AND cardinality(w.ds) + cardinality(w.jobs) > 0
            AND cardinality(w.seen_ds) + cardinality(w.seen_jobs) <= $5
       )
       SELECT level, dir, ds::text[] AS ds, jobs::text[] AS jobs FROM walk ORDER BY level, dir`,
      [start.datasetIds, start.jobIds, directions, levels, maxNodes, asOf?.toISOString() ?? null],
    );
    return rows.map((r) => ({ level: r.level, direction: r.dir, datasetIds: r.ds, jobIds: r.jobs }));
  }

  /** The valid edges among the given nodes: the inputs and outputs events listed, and explicit lineage. */
  async tableEdgesAmong(datasetIds: string[], jobIds: string[], asOf: Date | null): Promise<TableEdge[]> {
    if (datasetIds.length + jobIds.length < 2) return [];
    return this.dataSource.query(
      `SELECT CASE e.direction WHEN 'input' THEN e.dataset_id ELSE e.job_id END::text AS "originId",
              CASE e.direction WHEN 'input' THEN e.job_id ELSE e.dataset_id END::text AS "destinationId",
              e.observed, e.declared
         FROM lineage_edges e
        WHERE e.job_id = ANY ($1::uuid[]) AND e.dataset_id = ANY ($2::uuid[]) AND ${TABLE_EDGE_VALID('$3')}
       UNION ALL
       SELECT e.origin_id::text, e.destination_id::text, e.source = 'observed', e.source = 'declared'
         FROM explicit_lineage_edges e
        WHERE e.origin_id = ANY ($1::uuid[] || $2::uuid[]) AND e.destination_id = ANY ($1::uuid[] || $2::uuid[])
          AND e.origin_field = '' AND e.destination_field = '' AND ${EXPLICIT_EDGE_VALID('$3')}`,
      [jobIds, datasetIds, asOf?.toISOString() ?? null],
    );
  }

  /** `levels` counts field-to-field edges. Dataset-level column lineage (no output field) is not a field edge. */
  async walkFields(start: FieldKey[], directions: WalkDirection[], levels: number, maxNodes: number, asOf: Date | null): Promise<FieldWalkLevel[]> {
    const rows: Array<{ level: number; dir: WalkDirection; keys: string[] }> = await this.dataSource.query(
      `WITH RECURSIVE walk(level, dir, keys, seen) AS (
         SELECT 0, d.dir, $1::text[], $1::text[] FROM unnest($2::text[]) AS d(dir)
         UNION ALL
         SELECT w.level + 1, w.dir, nxt.keys, w.seen || nxt.keys
           FROM walk w
          CROSS JOIN LATERAL (
            SELECT coalesce(array_agg(DISTINCT n.key), '{}') AS keys
              FROM (
                SELECT ${FIELD_KEY('e.input_dataset_id', 'e.input_field')} AS key
                  FROM unnest(w.keys) AS f(key)
                  JOIN column_lineage_edges e ON e.output_dataset_id = left(f.key, 36)::uuid AND e.output_field = substr(f.key, 38)
                 WHERE w.dir = 'upstream' AND e.input_field <> '' AND ${COLUMN_EDGE_VALID('$5')}
                   AND NOT ${datasetIdHidden('e.input_dataset_id')}
                UNION ALL
                SELECT ${FIELD_KEY('e.output_dataset_id', 'e.output_field')}
                  FROM unnest(w.keys) AS f(key)
                  JOIN column_lineage_edges e ON e.input_dataset_id = left(f.key, 36)::uuid AND e.input_field = substr(f.key, 38)
                 WHERE w.dir = 'downstream' AND e.output_field <> '' AND ${COLUMN_EDGE_VALID('$5')}
                   AND NOT ${datasetIdHidden('e.output_dataset_id')}
                UNION ALL
                SELECT ${FIELD_KEY('e.origin_id', 'e.origin_field')}
                  FROM unnest(w.keys) AS f(key)
                  JOIN explicit_lineage_edges e ON e.destination_id = left(f.key, 36)::uuid AND e.destination_field = substr(f.key, 38)
                 WHERE w.dir = 'upstream' AND e.origin_field <> '' AND ${EXPLICIT_EDGE_VALID('$5')}
                   AND NOT ${datasetIdHidden('e.origin_id')}
                UNION ALL
                SELECT ${FIELD_KEY('e.destination_id', 'e.destination_field')}
                  FROM unnest(w.keys) AS f(key)
                  JOIN explicit_lineage_edges e ON e.origin_id = left(f.key, 36)::uuid AND e.origin_field = substr(f.key, 38)
                 WHERE w.dir = 'downstream' AND e.destination_field <> '' AND ${EXPLICIT_EDGE_VALID('$5')}
                   AND NOT ${datasetIdHidden('e.destination_id')}
              ) n
             WHERE NOT n.key = ANY (w.seen)
          ) nxt
          WHERE w.level < $3 AND cardinality(w.keys) > 0 AND cardinality(w.seen) <= $4
       )
       SELECT level, dir, keys FROM walk ORDER BY level, dir`,
      [start, directions, levels, maxNodes, asOf?.toISOString() ?? null],
    );
    return rows.map((r) => ({ level: r.level, direction: r.dir, fields: r.keys }));
  }

  /** The valid field edges whose two ends are both among the given fields. */
  async columnEdgesAmong(fields: FieldKey[], asOf: Date | null): Promise<ColumnEdge[]> {
    if (fields.length === 0) return [];
    return this.dataSource.query(
      `SELECT e.output_dataset_id AS "outputDatasetId", e.output_field AS "outputField",
              e.input_dataset_id AS "inputDatasetId", e.input_field AS "inputField",
              nullif(e.transformation_type, '') AS "transformationType",
              nullif(e.transformation_subtype, '') AS "transformationSubtype", e.description, e.masking,
              true AS observed, false AS declared
         FROM unnest($1::text[]) AS f(key)
         JOIN column_lineage_edges e ON e.output_dataset_id = left(f.key, 36)::uuid AND e.output_field = substr(f.key, 38)
        WHERE ${FIELD_KEY('e.input_dataset_id', 'e.input_field')} = ANY ($1::text[]) AND ${COLUMN_EDGE_VALID('$2')}
       UNION ALL
       SELECT e.destination_id, e.destination_field, e.origin_id, e.origin_field,
              nullif(e.transformation_type, ''), nullif(e.transformation_subtype, ''), e.description, e.masking,
              e.source = 'observed', e.source = 'declared'
         FROM unnest($1::text[]) AS f(key)
         JOIN explicit_lineage_edges e ON e.destination_id = left(f.key, 36)::uuid AND e.destination_field = substr(f.key, 38)
        WHERE ${FIELD_KEY('e.origin_id', 'e.origin_field')} = ANY ($1::text[]) AND ${EXPLICIT_EDGE_VALID('$2')}
        ORDER BY 1, 2, 3, 4`,
      [fields, asOf?.toISOString() ?? null],
    );
  }

  /** A dataset's fields that column lineage knows: its current schema's and those with lineage of their own (observed or explicit). */
  async fieldsOfDataset(datasetId: string): Promise<string[]> {
    const rows: Array<{ field: string }> = await this.dataSource.query(
      `SELECT f->>'name' AS field
         FROM datasets d JOIN dataset_versions v ON v.id = d.current_version_id, jsonb_array_elements(v.fields) AS f
        WHERE d.id = $1 AND coalesce(f->>'name', '') <> ''
       UNION
       SELECT h.field FROM column_lineage_heads h WHERE h.dataset_id = $1 AND h.field <> ''
       UNION
       SELECT e.destination_field FROM explicit_lineage_edges e WHERE e.destination_id = $1 AND e.destination_field <> ''
       UNION
       SELECT f.name FROM dataset_fields f WHERE f.dataset_id = $1
       ORDER BY 1`,
      [datasetId],
    );
    return rows.map((r) => r.field);
  }

  /** Fields carrying a tag: field tags, and every current field of a dataset tagged as a whole. */
  async fieldsTagged(tag: string, limit: number): Promise<FieldKey[]> {
    const rows: Array<{ key: string }> = await this.dataSource.query(
      `SELECT ${FIELD_KEY('t.target_id', 't.field')} AS key
         FROM tags t WHERE t.key = $1 AND t.target_kind = 'dataset' AND t.field <> ''
       UNION
       SELECT ${FIELD_KEY('d.id', "f->>'name'")}
         FROM tags t JOIN datasets d ON d.id = t.target_id
         JOIN dataset_versions v ON v.id = d.current_version_id, jsonb_array_elements(v.fields) AS f
        WHERE t.key = $1 AND t.target_kind = 'dataset' AND t.field = '' AND coalesce(f->>'name', '') <> ''
       ORDER BY 1 LIMIT $2`,
      [tag, limit],
    );
    return rows.map((r) => r.key);
  }

  /** Identity and current schema of the datasets a column graph touches. */
  async datasetsWithFields(datasetIds: string[]): Promise<DatasetFields[]> {
    if (datasetIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT d.id, d.namespace, d.name, d.current_version_id AS "versionId", coalesce(v.fields, '[]'::jsonb) AS fields
         FROM datasets d LEFT JOIN dataset_versions v ON v.id = d.current_version_id
        WHERE d.id = ANY ($1::uuid[])`,
      [datasetIds],
    );
  }
}
