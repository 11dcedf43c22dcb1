import { DatasetFacetMutation, JobFacetMutation, RunFacetMutation } from '../mutations';
import { latestSql, Statement } from './sql';

/** `dataset_facets`: latest per (dataset, facet name); facet NULL is a tombstone. */
export function upsertDatasetFacetsSql(rows: DatasetFacetMutation[]): Statement | null {
  return latestSql('dataset_facets', [['dataset_id', 'uuid', (r) => r.datasetId], ['name', 'text', (r) => r.name]], [['facet', 'jsonb', (r) => r.facet]], rows);
}

/** `job_facets`: latest per (job, facet name); facet NULL is a tombstone. */
export function upsertJobFacetsSql(rows: JobFacetMutation[]): Statement | null {
  return latestSql('job_facets', [['job_id', 'uuid', (r) => r.jobId], ['name', 'text', (r) => r.name]], [['facet', 'jsonb', (r) => r.facet]], rows);
}

/** `run_facets`: latest per (run, run or job facet, name). */
export function upsertRunFacetsSql(rows: RunFacetMutation[]): Statement | null {
  return latestSql('run_facets',
    [['run_id', 'uuid', (r) => r.runId], ['facet_type', 'text', (r) => r.facetType], ['name', 'text', (r) => r.name]],
    [['facet', 'jsonb', (r) => r.facet]],
    rows,
  );
}
