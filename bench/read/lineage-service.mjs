// The lineage service of a build (its dist/ folder), with each read service it calls wired the way
// Nest wires them, over one `source` (anything with TypeORM's `query(sql, params)`): for scripts that
// run the service's own statements against a seeded store without starting the store.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The walk kinds the read benchmark measures, as tableGraph's options for a target. */
export const WALK_KINDS = {
  upstream: () => ({ depth: 10, direction: 'upstream', asOf: null, maxNodes: 1000 }),
  downstream: () => ({ depth: 10, direction: 'downstream', asOf: null, maxNodes: 1000 }),
  asOf: (target) => ({ depth: 10, direction: 'both', asOf: new Date(target.asOf), maxNodes: 1000 }),
};

export function lineageService(distDir, source) {
  const dist = (p) => require(path.join(path.resolve(distDir), p));
  const { LineageService } = dist('read/lineage/lineage.service.js');
  const { LineageWalkRepository } = dist('read/lineage/lineage-walk.repository.js');
  const { DatasetReadRepository } = dist('read/datasets/dataset-read.repository.js');
  const { DatasetVersionsRepository } = dist('read/datasets/dataset-versions.repository.js');
  const { ColumnLineageRepository } = dist('read/datasets/column-lineage.repository.js');
  const { DatasetFieldsRepository } = dist('read/datasets/dataset-fields.repository.js');
  const { DatasetViewsService } = dist('read/datasets/dataset-views.service.js');
  const { TagsRepository } = dist('read/tags/tags.repository.js');
  const { RunsRepository } = dist('read/runs/runs.repository.js');
  const { RunsService } = dist('read/runs/runs.service.js');
  const { JobsRepository } = dist('read/jobs/jobs.repository.js');
  const { JobVersionsRepository } = dist('read/jobs/job-versions.repository.js');
  const { JobsService } = dist('read/jobs/jobs.service.js');
  const { NodeIdRepository } = dist('read/lineage/node-id.repository.js');
  const { NodeResolver } = dist('read/lineage/node-resolver.service.js');
  const tags = new TagsRepository(source);
  const runs = new RunsService(new RunsRepository(source));
  const datasets = new DatasetViewsService(
    new DatasetReadRepository(source), new DatasetVersionsRepository(source), new ColumnLineageRepository(source), tags, runs, new DatasetFieldsRepository(source),
  );
  const jobs = new JobsService(new JobsRepository(source), runs, tags, new JobVersionsRepository(source));
  return new LineageService(new LineageWalkRepository(source), datasets, jobs, new NodeResolver(new NodeIdRepository(source)));
}
