import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../core/errors/domain-errors';
import { RunsService } from '../runs/runs.service';
import { groupBy } from '../shared/group-by';
import { MAX_OFFSET } from '../shared/page-query';
import { JobNodeView, JobView } from '../shared/views';
import { TagsRepository } from '../tags/tags.repository';
import { JobVersionsRepository } from './job-versions.repository';
import { JobEdgeRow, JobListFilter, JobRow, JobsRepository } from './jobs.repository';

/** Marquez sends at most 10 runs in a job's latestRuns. */
const LATEST_RUNS = 10;
/** Current inputs and outputs shown per job and direction. */
const EDGES_PER_DIRECTION = 1000;

function inputsAndOutputs(edges: JobEdgeRow[] = []): Pick<JobView, 'inputs' | 'outputs'> {
  const ref = ({ namespace, name }: JobEdgeRow) => ({ namespace, name });
  return { inputs: edges.filter((e) => e.direction === 'input').map(ref), outputs: edges.filter((e) => e.direction === 'output').map(ref) };
}

@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    private readonly runs: RunsService,
    private readonly tags: TagsRepository,
    private readonly versions: JobVersionsRepository,
  ) {}

  async list(filter: JobListFilter): Promise<{ jobs: JobView[]; totalCount: number }> {
    const [rows, totalCount] = await Promise.all([this.jobs.list(filter), this.jobs.count(filter, MAX_OFFSET)]);
    return { jobs: await this.views(rows), totalCount };
  }

  async get(namespace: string, name: string): Promise<JobView> {
    const row = await this.jobs.findByName(namespace, name);
    if (!row) throw new NotFoundError('JOB_NOT_FOUND', `job '${name}' not found in namespace '${namespace}'`);
    const [view] = await this.views([row]);
    return view;
  }

  /**
   * As lineage graph nodes, in no particular order: with the latest run's state and times only, and
   * without facets, tags and versions (the job's and the run's own endpoints have those).
   */
  async nodesByIds(ids: string[]): Promise<JobNodeView[]> {
    const rows = await this.jobs.byIds(ids);
    const [edges, latestRuns] = await Promise.all([this.jobs.currentEdges(ids, EDGES_PER_DIRECTION), this.runs.latestSummaryOfJobs(ids)]);
    const edgesByJob = groupBy(edges, (e) => e.jobId);
    return rows.map((row) => ({ ...row, ...inputsAndOutputs(edgesByJob.get(row.id)), latestRun: latestRuns.get(row.id) ?? null }));
  }

  /** The job's id, or 404: for the endpoints under a job. */
  async idOf(namespace: string, name: string): Promise<string> {
    const row = await this.jobs.findByName(namespace, name);
    if (!row) throw new NotFoundError('JOB_NOT_FOUND', `job '${name}' not found in namespace '${namespace}'`);
    return row.id;
  }

  private async views(rows: JobRow[]): Promise<JobView[]> {
    const ids = rows.map((r) => r.id);
    const [facets, tags, edges, latestRuns, currentVersions] = await Promise.all([
      this.jobs.facets(ids),
      this.tags.of('job', ids),
      this.jobs.currentEdges(ids, EDGES_PER_DIRECTION),
      this.runs.latestOfJobs(ids, LATEST_RUNS),
      this.versions.currentOf(ids),
    ]);
    const edgesByJob = groupBy(edges, (e) => e.jobId);
    return rows.map((row) => ({
      ...row,
      facets: facets.get(row.id) ?? {},
      tags: tags.get(row.id)?.get('') ?? [],
      ...inputsAndOutputs(edgesByJob.get(row.id)),
      latestRuns: latestRuns.get(row.id) ?? [],
      currentVersionId: currentVersions.get(row.id) ?? null,
    }));
  }
}
