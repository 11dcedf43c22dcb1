import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../core/errors/domain-errors';
import { UUID_PATTERN } from '../../openlineage/json';
import { RunsService } from '../runs/runs.service';
import { MAX_OFFSET } from '../shared/page-query';
import { JobVersionView } from '../shared/views';
import { JobVersionRow, JobVersionsRepository } from './job-versions.repository';
import { JobsService } from './jobs.service';

/** A job's versions, each with its latest run. */
@Injectable()
export class JobVersionsService {
  constructor(
    private readonly jobs: JobsService,
    private readonly versions: JobVersionsRepository,
    private readonly runs: RunsService,
  ) {}

  async list(namespace: string, name: string, limit: number, offset: number): Promise<{ versions: JobVersionView[]; totalCount: number }> {
    const jobId = await this.jobs.idOf(namespace, name);
    const [rows, totalCount] = await Promise.all([this.versions.ofJob(jobId, limit, offset), this.versions.countOfJob(jobId, MAX_OFFSET)]);
    return { versions: await this.views(namespace, name, rows), totalCount };
  }

  async get(namespace: string, name: string, version: string): Promise<JobVersionView> {
    if (!UUID_PATTERN.test(version)) throw new InvalidInputError('INVALID_PARAMETER', 'version must be a job version (a UUID)');
    const row = await this.versions.byId(await this.jobs.idOf(namespace, name), version.toLowerCase());
    if (!row) throw new NotFoundError('JOB_VERSION_NOT_FOUND', `version '${version}' not found for job '${name}' in namespace '${namespace}'`);
    const [view] = await this.views(namespace, name, [row]);
    return view;
  }

  private async views(namespace: string, name: string, rows: JobVersionRow[]): Promise<JobVersionView[]> {
    const runs = new Map((await this.runs.views(rows.map((r) => r.lastRunId))).map((r) => [r.id, r]));
    return rows.map((row) => ({
      version: row.id,
      jobNamespace: namespace,
      jobName: name,
      createdAt: row.firstSeenAt,
      location: row.location,
      inputs: row.inputs,
      outputs: row.outputs,
      latestRun: runs.get(row.lastRunId) ?? null,
    }));
  }
}
