export { sqlLineage, COLUMN_LINEAGE_SCHEMA_URL } from './sql-lineage';
export { loadSqlParser } from './parser';
export type { SchemaProvider, SqlDialect, SqlLineage, SqlLineageOptions, LineageOutput as SqlLineageOutput } from './types';
