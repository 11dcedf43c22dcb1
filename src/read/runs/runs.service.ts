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

  /** Runs with their facets and dataset versions, in the order of `ids` (unknown ids left out). */
  async views(ids: string[]): Promise<RunView[]> {
    const [rows, facets, datasets] = await Promise.all([this.runs.byIds(ids), this.runs.facets(ids, 'run'), this.runs.datasets(ids)]);
    const datasetsByRun = groupBy(datasets, (d) => d.runId);
    const ref = ({ namespace, name, version }: { namespace: string; name: string; version: string }) => ({ namespace, name, version });
    return inOrder(ids, rows).map((row) => {
      const mine = datasetsByRun.get(row.id) ?? [];
      return {
        ...row,
        facets: facets.get(row.id) ?? {},
        inputs: mine.filter((d) => d.direction === 'input').map(ref),
        outputs: mine.filter((d) => d.direction === 'output').map(ref),
      };
    });
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
