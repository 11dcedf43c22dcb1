/** Public shapes of `sqlLineage`: datasets, the column lineage facet and the options. */

export type SqlDialect = 'trino' | 'postgres';

export type DatasetId = {
  namespace: string;
  name: string;
}

export type TransformationType = 'DIRECT' | 'INDIRECT';
export type TransformationSubtype =
  | 'IDENTITY'
  | 'TRANSFORMATION'
  | 'AGGREGATION'
  | 'JOIN'
  | 'FILTER'
  | 'GROUP_BY'
  | 'SORT'
  | 'WINDOW'
  | 'CONDITIONAL';

export type Transformation = {
  type: TransformationType;
  subtype: TransformationSubtype;
  masking: boolean;
}

export type InputField = DatasetId & {
  field: string;
  transformations: Transformation[];
}

/** ColumnLineageDatasetFacet 1-2-0: direct sources per output field, indirect ones in `dataset`. */
export type ColumnLineageFacet = {
  _producer: string;
  _schemaURL: string;
  fields: Record<string, { inputFields: InputField[] }>;
  dataset: InputField[];
}

export type LineageOutput = DatasetId & {
  facets?: { columnLineage: ColumnLineageFacet };
}

export interface SqlLineage {
  inputs: DatasetId[];
  outputs: LineageOutput[];
  /** The column lineage of the single output dataset; absent when it cannot be derived exactly. */
  columnLineage?: ColumnLineageFacet;
  /** Why column lineage is absent or the statement could not be parsed, for logs; never thrown. */
  warnings: string[];
}

/**
 * The columns of a table, in table order, or undefined when unknown. `name` is the dataset name as
 * qualified for the dialect (e.g. `catalog.schema.table`). May answer asynchronously.
 */
export type SchemaProvider = (
  table: DatasetId,
) => readonly string[] | undefined | Promise<readonly string[] | undefined>;

export interface SqlLineageOptions {
  dialect: SqlDialect;
  /** The datasets' namespace, e.g. `trino://host:8080` or `postgres://host:5432`. */
  namespace: string;
  /** Trino: the catalog of unqualified tables. PostgreSQL: the database. */
  defaultCatalog?: string;
  /** The schema of tables named without one (PostgreSQL defaults to `public`). */
  defaultSchema?: string;
  /** Needed to expand `SELECT *` and `INSERT INTO t SELECT` without a column list. */
  schemaProvider?: SchemaProvider;
  /** The `_producer` of the facet; defaults to this package's producer URL. */
  producer?: string;
}
