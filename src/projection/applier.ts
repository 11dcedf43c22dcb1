import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MutationsByType } from './mutations';
import { runStatement } from './appliers/run-statement';
import { Statement } from './appliers/sql';
import { upsertDatasetVersionsSql } from './appliers/dataset-versions.applier';
import {
  deriveDatasetColumnsSql,
  upsertCurrentVersionsSql,
  upsertDatasetsSql,
  upsertEventDatasetsSql,
  upsertSymlinksSql,
} from './appliers/datasets.applier';
import { upsertDatasetFacetsSql, upsertJobFacetsSql, upsertRunFacetsSql } from './appliers/facets.applier';
import { upsertJobVersionsSql } from './appliers/job-versions.applier';
import { deriveJobColumnsSql, deriveJobParentsSql, upsertJobsSql } from './appliers/jobs.applier';
import {
  upsertColumnLineageEdgesSql,
  upsertColumnLineageHeadsSql,
  upsertLineageEdgesSql,
  upsertSourcesSql,
  upsertTagsSql,
} from './appliers/lineage.applier';
import { upsertNamespacesSql } from './appliers/namespaces.applier';
import { upsertRunDatasetsSql } from './appliers/run-datasets.applier';
import { upsertRunsSql } from './appliers/runs.applier';

/**
 * Every projection table, in apply order. Every replica writes tables in this order and rows in
 * key order, so concurrent batches cannot deadlock; derived columns are recomputed after the rows
 * they read. A row lock is held until commit, so a worker that locks a row another batch also
 * writes makes that batch wait for the rest of its own: the rows other batches write too come
 * last, the most shared the latest. First the rows of this batch's events alone, then a run's
 * (its START and COMPLETE can land in two workers' batches), then a job's (a scheduled job runs
 * again), then the hub datasets', data sources and namespaces nearly every batch touches.
 * Measured: while these came early, 77 of 100 pg_stat_activity samples during a seed were one
 * worker waiting on the other; under the benchmark's Trino events (one job, the same three tables)
 * the lineage edges' upsert took 125 ms per batch, nearly all of it waiting.
 */
export const PROJECTION_TABLES = [
  'event_datasets', 'dataset_symlinks', 'run_datasets', 'tags',
  'run_facets', 'runs', 'job_facets', 'job_versions', 'lineage_edges', 'column_lineage_heads', 'column_lineage_edges',
  'dataset_facets', 'dataset_versions', 'sources', 'jobs', 'datasets', 'namespaces', 'name_words',
];

/**
 * The statements that apply a batch's mutations, in apply order (one per table at most, plus
 * derivations; null when the batch has no rows for it), each built when called: the rows of one
 * statement are serialised at once, which for a batch of large facets takes a while.
 */
export function batchStatements(m: MutationsByType): Array<() => Statement | null> {
  return [
    () => upsertEventDatasetsSql(m.eventDataset),
    () => upsertSymlinksSql(m.symlink),
    () => upsertRunDatasetsSql(m.runDataset),
    () => upsertTagsSql(m.tag),
    // The hot rows, last (see PROJECTION_TABLES): a run's, then a job's, then the hub datasets'.
    // A run's facets before the run: its upsert derives columns from them.
    () => upsertRunFacetsSql(m.runFacet),
    () => upsertRunsSql(m.run, m.runFacet),
    () => upsertJobFacetsSql(m.jobFacet),
    () => upsertJobVersionsSql(m.jobVersion),
    () => upsertLineageEdgesSql(m.lineageEdge),
    () => upsertColumnLineageHeadsSql(m.columnLineageHead),
    () => upsertColumnLineageEdgesSql(m.columnLineageEdge),
    () => upsertDatasetFacetsSql(m.datasetFacet),
    () => upsertDatasetVersionsSql(m.datasetVersion),
    () => upsertSourcesSql(m.source),
    () => upsertJobsSql(m.job),
    () => deriveJobColumnsSql(m.jobFacet.map((f) => f.jobId)),
    () => deriveJobParentsSql(m.job.map((j) => j.id)),
    () => upsertDatasetsSql(m.dataset),
    () => deriveDatasetColumnsSql(m.datasetFacet.map((f) => f.datasetId)),
    () => upsertCurrentVersionsSql(m.datasetVersion),
    () => upsertNamespacesSql(m.namespace),
  ];
}

/** Applies a batch's mutations in the caller's transaction (`manager`), on whichever pool it runs. */
@Injectable()
export class ProjectionApplier {
  async apply(manager: EntityManager, m: MutationsByType): Promise<void> {
    // In order, each seeing the ones before it; one round trip each (a few, against the batch's
    // work). Each statement is built after the previous one ran, so no two are built in one go.
    for (const build of batchStatements(m)) {
      const statement = build();
      if (statement) await runStatement(manager, statement);
    }
  }

  /** Empties every projection table (for `reproject`), locking them in apply order; the log is untouched. */
  async truncate(manager: EntityManager): Promise<void> {
    await manager.query(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
  }
}
