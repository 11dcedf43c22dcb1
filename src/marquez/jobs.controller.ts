import { Controller, Delete, Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DeletionsService } from '../deletions/deletions.service';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { JobVersionsService } from '../read/jobs/job-versions.service';
import { JobsService } from '../read/jobs/jobs.service';
import { RunsService } from '../read/runs/runs.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezJobDto, MarquezJobListDto, MarquezJobVersionDto, MarquezJobVersionListDto } from './job.dto';
import { MarquezRunListDto, RUN_STATES } from './run.dto';
import { requesterOf } from './requester';
import { jobShape, jobVersionShape, modelStates, runShape } from './shapes';

const LAST_RUN_STATES = [...RUN_STATES, 'OTHER'];

/** `a=X&a=Y` and `a=X,Y` both give [X, Y]. */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');

export class JobListQuery extends MarquezPageQuery {
  @ApiPropertyOptional({
    enum: LAST_RUN_STATES,
    isArray: true,
    description: "Only jobs whose latest run is in one of these states; jobs without a run always pass. Repeat it or separate with commas.",
  })
  @IsOptional() @Transform(toList) @IsIn(LAST_RUN_STATES, { each: true })
  lastRunStates?: string[];

  @ApiPropertyOptional({ description: 'Only jobs whose name contains this text, case-insensitive (not in Marquez)' })
  @IsOptional() @IsString() @MaxLength(256)
  q?: string;
}

const LIST_DESCRIPTION =
  'Newest updatedAt first. totalCount counts the jobs in scope (the namespace and q; not reduced by lastRunStates, as Marquez) exactly up to 10,000.';

@ApiTags('Marquez: jobs')
@Controller('api/v1')
export class JobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly runs: RunsService,
    private readonly versions: JobVersionsService,
    private readonly deletions: DeletionsService,
  ) {}

  @Get('jobs')
  @ApiOperation({ operationId: 'listJobs', summary: 'Jobs of every namespace (Marquez UI dashboard)', description: LIST_DESCRIPTION })
  @ApiOkResponse({ type: MarquezJobListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit, offset or lastRunStates invalid; the message names it' })
  all(@Query() query: JobListQuery): Promise<MarquezJobListDto> {
    return this.list(undefined, query);
  }

  @Get('namespaces/:namespace/jobs')
  @ApiOperation({ operationId: 'listNamespaceJobs', summary: 'Jobs of one namespace (Marquez getJobs)', description: LIST_DESCRIPTION })
  @ApiOkResponse({ type: MarquezJobListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit, offset or lastRunStates invalid; the message names it' })
  inNamespace(@Param('namespace') namespace: string, @Query() query: JobListQuery): Promise<MarquezJobListDto> {
    return this.list(namespace, query);
  }

  @Get('namespaces/:namespace/jobs/:job')
  @ApiOperation({ operationId: 'getJob', summary: 'One job with its latest runs and current inputs and outputs (Marquez getJob)' })
  @ApiOkResponse({ type: MarquezJobDto })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND: no such job in the namespace' })
  async get(@Param('namespace') namespace: string, @Param('job') job: string): Promise<MarquezJobDto> {
    return jobShape(await this.jobs.get(namespace, job));
  }

  @Delete('namespaces/:namespace/jobs/:job')
  @ApiOperation({
    operationId: 'deleteJob',
    summary: 'Hide a job until a newer event names it again (Marquez deleteJob)',
    description:
      'The job leaves lists, search and the lineage graph; the log keeps every event, and `reproject` keeps the hiding. ' +
      'An event with a later event time naming the job shows it again. Answers the job.',
  })
  @ApiOkResponse({ type: MarquezJobDto })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND: no such job in the namespace' })
  async delete(@Param('namespace') namespace: string, @Param('job') job: string, @Req() request: FastifyRequest): Promise<MarquezJobDto> {
    await this.deletions.deleteJob(namespace, job, requesterOf(request));
    return jobShape(await this.jobs.get(namespace, job));
  }

  @Get('namespaces/:namespace/jobs/:job/runs')
  @ApiOperation({
    operationId: 'listJobRuns',
    summary: 'Runs of a job, newest first (Marquez getRuns)',
    description: 'Ordered by the first event time of each run. totalCount counts the runs of the job exactly up to 10,000.',
  })
  @ApiOkResponse({ type: MarquezRunListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND: no such job in the namespace' })
  async jobRuns(@Param('namespace') namespace: string, @Param('job') job: string, @Query() query: MarquezPageQuery): Promise<MarquezRunListDto> {
    const jobId = await this.jobs.idOf(namespace, job);
    const { runs, totalCount } = await this.runs.ofJob(jobId, query.limit ?? 100, query.offset ?? 0);
    return { runs: runs.map(runShape), totalCount };
  }

  @Get('namespaces/:namespace/jobs/:job/versions')
  @ApiOperation({
    operationId: 'listJobVersions',
    summary: 'Versions of a job, newest first (Marquez getJobVersions)',
    description:
      'A version is the namespace, name, sorted inputs, sorted outputs and source code location a finished run (COMPLETE, FAIL ' +
      'or ABORT event) had. Ordered by the earliest event time of each version. totalCount counts the versions of the job ' +
      'exactly up to 10,000.',
  })
  @ApiOkResponse({ type: MarquezJobVersionListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND: no such job in the namespace' })
  async jobVersions(
    @Param('namespace') namespace: string,
    @Param('job') job: string,
    @Query() query: MarquezPageQuery,
  ): Promise<MarquezJobVersionListDto> {
    const { versions, totalCount } = await this.versions.list(namespace, job, query.limit ?? 100, query.offset ?? 0);
    return { versions: versions.map(jobVersionShape), totalCount };
  }

  @Get('namespaces/:namespace/jobs/:job/versions/:version')
  @ApiOperation({ operationId: 'getJobVersion', summary: 'One version of a job with its latest run (Marquez getJobVersion)' })
  @ApiOkResponse({ type: MarquezJobVersionDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: version is not a UUID' })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND (no such job in the namespace) or JOB_VERSION_NOT_FOUND (no such version of it)' })
  async jobVersion(
    @Param('namespace') namespace: string,
    @Param('job') job: string,
    @Param('version') version: string,
  ): Promise<MarquezJobVersionDto> {
    return jobVersionShape(await this.versions.get(namespace, job, version));
  }

  private async list(namespace: string | undefined, query: JobListQuery): Promise<MarquezJobListDto> {
    const { jobs, totalCount } = await this.jobs.list({
      namespace,
      latestRunStates: query.lastRunStates ? modelStates(query.lastRunStates) : undefined,
      nameContains: query.q?.trim() || undefined,
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
    });
    return { jobs: jobs.map(jobShape), totalCount };
  }
}
