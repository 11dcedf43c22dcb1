import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MutationsByType } from './mutations';
import { applyDatasetVersions } from './appliers/dataset-versions.applier';
import { applyCurrentVersions, applyDatasets, applyEventDatasets, applySymlinks, deriveDatasetColumns } from './appliers/datasets.applier';
import { applyDatasetFacets, applyJobFacets, applyRunFacets } from './appliers/facets.applier';
import { applyJobs, deriveJobColumns, deriveJobParents } from './appliers/jobs.applier';
import { applyColumnLineageEdges, applyColumnLineageHeads, applyLineageEdges, applySources, applyTags } from './appliers/lineage.applier';
import { applyRunDatasets } from './appliers/run-datasets.applier';
import { applyRuns, deriveRunColumns } from './appliers/runs.applier';
import { applyNamespaces } from './appliers/namespaces.applier';

/**
 * Every projection table, in apply order: parents before the rows that reference them. Every
 * replica writes tables in this order and rows in key order, so concurrent batches cannot
 * deadlock. Derived columns are recomputed on rows the batch already locked.
 */
export const PROJECTION_TABLES = [
  'namespaces', 'datasets', 'event_datasets', 'dataset_symlinks', 'sources', 'dataset_facets', 'dataset_versions',
  'jobs', 'job_facets', 'runs', 'run_facets', 'run_datasets', 'lineage_edges', 'column_lineage_heads', 'column_lineage_edges', 'tags',
];

/** Applies a batch's mutations in one transaction (the caller's `manager`), on whichever pool it runs. */
@Injectable()
export class ProjectionApplier {
  async apply(manager: EntityManager, m: MutationsByType): Promise<void> {
    await applyNamespaces(manager, m.namespace);
    await applyDatasets(manager, m.dataset);
    await applyEventDatasets(manager, m.eventDataset);
    await applySymlinks(manager, m.symlink);
    await applySources(manager, m.source);
    await applyDatasetFacets(manager, m.datasetFacet);
    await deriveDatasetColumns(manager, m.datasetFacet.map((f) => f.datasetId));
    await applyDatasetVersions(manager, m.datasetVersion);
    await applyCurrentVersions(manager, m.datasetVersion);
    await applyJobs(manager, m.job);
    await applyJobFacets(manager, m.jobFacet);
    await deriveJobColumns(manager, m.jobFacet.map((f) => f.jobId));
    await applyRuns(manager, m.run);
    await applyRunFacets(manager, m.runFacet);
    await deriveRunColumns(manager, m.runFacet.map((f) => f.runId));
    await deriveJobParents(manager, m.job.map((j) => j.id));
    await applyRunDatasets(manager, m.runDataset);
    await applyLineageEdges(manager, m.lineageEdge);
    await applyColumnLineageHeads(manager, m.columnLineageHead);
    await applyColumnLineageEdges(manager, m.columnLineageEdge);
    await applyTags(manager, m.tag);
  }

  /** Empties every projection table (for `reproject`), locking them in apply order; the log is untouched. */
  async truncate(manager: EntityManager): Promise<void> {
    await manager.query(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
  }
}
