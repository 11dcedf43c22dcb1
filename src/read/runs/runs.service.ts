import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../core/errors/domain-errors';
import { UUID_PATTERN } from '../../openlineage/json';
import { groupBy } from '../shared/group-by';
import { MAX_OFFSET } from '../shared/page-query';
import { Facets, RunSummaryView, RunView } from '../shared/views';
import { RunRow } from './runs.repository';
import { RunsRepository } from './runs.repository';

@Injectable()
export class RunsService {
  constructor(private readonly runs: RunsRepository) {}

  /** Runs with their facets, dataset versions, parent and root, in the order of `ids` (unknown ids left out). */
  async views(ids: string[]): Promise<RunView[]> {
    const [rows, facets, datasets] = await Promise.all([this.runs.byIds(ids), this.runs.facets(ids, 'run'), this.runs.datasets(ids)]);
    const hierarchy = await this.hierarchy(rows);
    const datasetsByRun = groupBy(datasets, (d) => d.runId);
    const ref = ({ namespace, name, version }: { namespace: string; name: string; version: string | null }) => ({ namespace, name, version });
    return inOrder(ids, rows).map((row) => {
      const mine = datasetsByRun.get(row.id) ?? [];
      return {
        ...row,
        ...hierarchy(row),
        facets: facets.get(row.id) ?? {},
        inputs: mine.filter((d) => d.direction === 'input').map(ref),
        outputs: mine.filter((d) => d.direction === 'output').map(ref),
      };
    });
  }

  /** The runs whose `parent` facet names this run, oldest first. */
  async children(id: string, limit: number, offset: number): Promise<{ runs: RunView[]; totalCount: number }> {
    const runId = this.checkedId(id);
    const [row] = await this.runs.byIds([runId]);
    if (!row) throw new NotFoundError('RUN_NOT_FOUND', `run '${id}' not found`);
    const [ids, totalCount] = await Promise.all([this.runs.childIds(runId, limit, offset), this.runs.countChildren(runId, MAX_OFFSET)]);
    return { runs: await this.views(ids), totalCount };
  }

  /** Each run's parent and root with their jobs: the root the facet named, else the top of the parent chain. */
  private async hierarchy(rows: RunRow[]): Promise<(row: RunRow) => Pick<RunView, 'parentRun' | 'rootRun'>> {
    const tops = await this.runs.topsOfChains(rows.filter((r) => r.parentRunId && !r.rootRunId).map((r) => r.id));
    const rootOf = (row: RunRow) => row.rootRunId ?? tops.get(row.id) ?? null;
    const named = [...new Set(rows.flatMap((r) => [r.parentRunId, rootOf(r)]).filter((id): id is string => id !== null))];
    const refs = new Map((await this.runs.byIds(named)).map((r) => [r.id, { id: r.id, jobNamespace: r.jobNamespace, jobName: r.jobName }]));
    const refOf = (id: string | null) => (id ? (refs.get(id) ?? null) : null);
    return (row) => ({ parentRun: refOf(row.parentRunId), rootRun: refOf(rootOf(row)) });
  }

  async get(id: string): Promise<RunView> {
    const [run] = await this.views([this.checkedId(id)]);
    if (!run) throw new NotFoundError('RUN_NOT_FOUND', `run '${id}' not found`);
    return run;
  }

  async facets(id: string, type: 'run' | 'job'): Promise<Facets> {
    const runId = this.checkedId(id);
    const [row] = await this.runs.byIds([runId]);
    if (!row) throw new NotFoundError('RUN_NOT_FOUND', `run '${id}' not found`);
    return (await this.runs.facets([runId], type)).get(runId) ?? {};
  }

  async ofJob(jobId: string, limit: number, offset: number): Promise<{ runs: RunView[]; totalCount: number }> {
    const [ids, totalCount] = await Promise.all([this.runs.idsOfJob(jobId, limit, offset), this.runs.countOfJob(jobId, MAX_OFFSET)]);
    return { runs: await this.views(ids), totalCount };
  }

  /** The newest `perJob` runs of each job, newest first. */
  async latestOfJobs(jobIds: string[], perJob: number): Promise<Map<string, RunView[]>> {
    const idsByJob = await this.runs.latestIdsOfJobs(jobIds, perJob);
    return byJob(idsByJob, await this.views([...idsByJob.values()].flat()));
  }

  /** The newest run of each job, as a summary (state and times). */
  async latestSummaryOfJobs(jobIds: string[]): Promise<Map<string, RunSummaryView>> {
    const idsByJob = await this.runs.latestIdsOfJobs(jobIds, 1);
    const rows = await this.runs.byIds([...idsByJob.values()].flat());
    return new Map([...byJob<RunSummaryView>(idsByJob, rows)].flatMap(([jobId, [run]]) => (run ? [[jobId, run] as const] : [])));
  }

  private checkedId(id: string): string {
    if (!UUID_PATTERN.test(id)) throw new InvalidInputError('INVALID_PARAMETER', 'id must be a run id (a UUID)');
    return id.toLowerCase();
  }
}

/** The rows in the order of `ids`; ids without a row are left out. */
function inOrder(ids: string[], rows: RunRow[]): RunRow[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function byJob<T extends { id: string }>(idsByJob: Map<string, string[]>, runs: T[]): Map<string, T[]> {
  const byId = new Map(runs.map((r) => [r.id, r]));
  return new Map([...idsByJob].map(([jobId, ids]) => [jobId, ids.flatMap((id) => byId.get(id) ?? [])]));
}
