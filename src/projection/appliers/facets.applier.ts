import { EntityManager } from 'typeorm';
import { DatasetFacetMutation, JobFacetMutation, RunFacetMutation } from '../mutations';
import { upsertLatest } from './sql';

/** `dataset_facets`: latest per (dataset, facet name); facet NULL is a tombstone. */
export function applyDatasetFacets(manager: EntityManager, rows: DatasetFacetMutation[]): Promise<void> {
  return upsertLatest(manager, 'dataset_facets', [['dataset_id', 'uuid', (r) => r.datasetId], ['name', 'text', (r) => r.name]], [['facet', 'jsonb', (r) => r.facet]], rows);
}

/** `job_facets`: latest per (job, facet name); facet NULL is a tombstone. */
export function applyJobFacets(manager: EntityManager, rows: JobFacetMutation[]): Promise<void> {
  return upsertLatest(manager, 'job_facets', [['job_id', 'uuid', (r) => r.jobId], ['name', 'text', (r) => r.name]], [['facet', 'jsonb', (r) => r.facet]], rows);
}

/** `run_facets`: latest per (run, run or job facet, name). */
export function applyRunFacets(manager: EntityManager, rows: RunFacetMutation[]): Promise<void> {
  return upsertLatest(
    manager,
    'run_facets',
    [['run_id', 'uuid', (r) => r.runId], ['facet_type', 'text', (r) => r.facetType], ['name', 'text', (r) => r.name]],
    [['facet', 'jsonb', (r) => r.facet]],
    rows,
  );
}
