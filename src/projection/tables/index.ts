import {
  datasetFacetsTable,
  datasetFieldsTable,
  datasetsTable,
  datasetSymlinksTable,
  datasetVersionsTable,
  eventDatasetsTable,
  namespacesTable,
  nameWordsTable,
  sourcesTable,
} from './datasets.tables';
import { jobFacetsTable, jobsTable, jobVersionsTable } from './jobs.tables';
import {
  columnLineageEdgesTable,
  columnLineageHeadsTable,
  explicitLineageEdgesTable,
  lineageDeclarationsTable,
  lineageEdgesTable,
  tagsTable,
} from './lineage.tables';
import { datasetAssertionsTable, datasetQualityTable } from './quality.tables';
import { runDatasetsTable, runFacetsTable, runsTable } from './runs.tables';
import { ProjectionTable } from './table';

/**
 * Every projection table, in apply order. Each table's outcome depends on no other table, so the
 * order serves only the locks: every replica writes tables in this order and rows in key order,
 * so concurrent batches cannot deadlock. A row lock is held until commit, so the rows other
 * batches write too come last, the most shared the latest: first the rows of this batch's events
 * alone, then a run's (its START and COMPLETE can land in two batches), then a job's, then the hub
 * datasets', data sources and namespaces nearly every batch touches.
 */
export const TABLES = {
  event_datasets: eventDatasetsTable,
  dataset_symlinks: datasetSymlinksTable,
  run_datasets: runDatasetsTable,
  dataset_quality: datasetQualityTable,
  dataset_assertions: datasetAssertionsTable,
  tags: tagsTable,
  run_facets: runFacetsTable,
  runs: runsTable,
  job_facets: jobFacetsTable,
  job_versions: jobVersionsTable,
  lineage_edges: lineageEdgesTable,
  column_lineage_heads: columnLineageHeadsTable,
  column_lineage_edges: columnLineageEdgesTable,
  lineage_declarations: lineageDeclarationsTable,
  explicit_lineage_edges: explicitLineageEdgesTable,
  dataset_facets: datasetFacetsTable,
  dataset_versions: datasetVersionsTable,
  dataset_fields: datasetFieldsTable,
  sources: sourcesTable,
  jobs: jobsTable,
  datasets: datasetsTable,
  namespaces: namespacesTable,
  name_words: nameWordsTable,
} as const;

export type TableName = keyof typeof TABLES;
export type RowOf<N extends TableName> = (typeof TABLES)[N] extends ProjectionTable<infer R> ? R : never;
/** The projection tables' names, in apply order. */
export const PROJECTION_TABLES = Object.keys(TABLES) as TableName[];
