export { sqlLineage, DEFAULT_PRODUCER, COLUMN_LINEAGE_SCHEMA_URL } from './sql-lineage';
export { loadSqlParser } from './parser';
export type {
  ColumnLineageFacet,
  DatasetId,
  InputField,
  LineageOutput,
  SchemaProvider,
  SqlDialect,
  SqlLineage,
  SqlLineageOptions,
  Transformation,
  TransformationSubtype,
  TransformationType,
} from './types';
