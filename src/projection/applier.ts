import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MutationsByType } from './mutations';
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
import { deriveRunColumnsSql, upsertRunsSql } from './appliers/runs.applier';

/**
 * Every projection table, in apply order. Every replica writes tables in this order and rows in
 * key order, so concurrent batches cannot deadlock; derived columns are recomputed after the rows
 * they read. The rows nearly every batch updates again (`last_seen_at` of hub datasets, of
 * scheduled jobs, of the few namespaces and data sources, the facets and versions every reader of a
 * hub dataset repeats, a job's and a run's rows that the next batch updates again) come last: a row lock is held until commit, and while
 * they came first a worker that locked them made every other worker wait for its whole batch
 * (77 of 100 pg_stat_activity samples during a seed: one worker waiting on the other; while
 * seeding Spark events, 82 of 100 on `sources`, then 60 to 73 of 100 on `dataset_facets`, then 76
 * of 100 on `dataset_versions`: the hub datasets' versions, then 86 of 100 on `job_facets`: a run's
 * START and COMPLETE in batches of different workers, and parent runs shared by many jobs).
 */
export const PROJECTION_TABLES = [
  'event_datasets', 'dataset_symlinks', 'run_datasets', 'lineage_edges', 'column_lineage_heads', 'column_lineage_edges', 'tags',
  'job_facets', 'job_versions', 'runs', 'run_facets', 'dataset_facets', 'dataset_versions', 'sources', 'jobs', 'datasets', 'namespaces', 'name_words',
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
    () => upsertLineageEdgesSql(m.lineageEdge),
    () => upsertColumnLineageHeadsSql(m.columnLineageHead),
    () => upsertColumnLineageEdgesSql(m.columnLineageEdge),
    () => upsertTagsSql(m.tag),
    // The hot rows, last (see PROJECTION_TABLES).
    () => upsertJobFacetsSql(m.jobFacet),
    () => upsertJobVersionsSql(m.jobVersion),
    () => upsertRunsSql(m.run),
    () => upsertRunFacetsSql(m.runFacet),
    () => deriveRunColumnsSql(m.runFacet.map((f) => f.runId)),
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
      if (statement) await manager.query(statement.sql, statement.values);
    }
  }

  /** Empties every projection table (for `reproject`), locking them in apply order; the log is untouched. */
  async truncate(manager: EntityManager): Promise<void> {
    await manager.query(`TRUNCATE ${PROJECTION_TABLES.join(', ')}`);
  }
}
