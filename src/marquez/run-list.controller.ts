import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsTimeBound } from '../read/shared/is-time-bound';
import { InvalidInputError } from '../core/errors/domain-errors';
import { JobsService } from '../read/jobs/jobs.service';
import { RunListService } from '../read/runs/run-list.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezRunDto, RUN_STATES } from './run.dto';
import { modelStates, runShape } from './shapes';
import { parseInstant } from '../database/precise-timestamps';

/** `a=X&a=Y` and `a=X,Y` both give [X, Y]. */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');

export class RunListQuery extends MarquezPageQuery {
  @ApiPropertyOptional({ enum: RUN_STATES, isArray: true, description: 'Only runs in one of these states. Repeat it or separate with commas.' })
  @IsOptional() @Transform(toList) @IsIn(RUN_STATES, { each: true })
  states?: string[];

  @ApiPropertyOptional({ format: 'date-time', description: 'Only runs first seen at or after this time (with a UTC offset or Z)' })
  @IsOptional() @IsTimeBound('since')
  since?: string;

  @ApiPropertyOptional({ description: "With jobName: only this job's runs" })
  @IsOptional() @IsString() @MaxLength(1024)
  jobNamespace?: string;

  @ApiPropertyOptional({ description: "With jobNamespace: only this job's runs" })
  @IsOptional() @IsString() @MaxLength(1024)
  jobName?: string;
}

export class RunListAcrossJobsDto {
  @ApiProperty({ type: [MarquezRunDto], description: 'Each with its job' }) runs!: MarquezRunDto[];
  @ApiProperty({ description: 'The runs the filters keep, counted exactly up to 10,000: 10,000 means that many or more' })
  totalCount!: number;
}

@ApiTags('Runs')
@Controller('api/v1/runs')
export class RunListController {
  constructor(
    private readonly runs: RunListService,
    private readonly jobs: JobsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listRuns',
    summary: 'Runs of every job, newest first (not in Marquez, which lists runs per job only)',
    description: "Ordered by each run's first event time, newest first; each run in Marquez's run shape (with its job).",
  })
  @ApiOkResponse({ type: RunListAcrossJobsDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit, offset, states, since, or jobNamespace without jobName (or the reverse); the message names it' })
  @ApiNotFoundResponse({ description: 'JOB_NOT_FOUND: jobNamespace and jobName name no job' })
  async list(@Query() query: RunListQuery): Promise<RunListAcrossJobsDto> {
    if ((query.jobNamespace === undefined) !== (query.jobName === undefined)) {
      throw new InvalidInputError('INVALID_PARAMETER', 'jobNamespace and jobName go together');
    }
    const jobId = query.jobNamespace !== undefined && query.jobName !== undefined ? await this.jobs.idOf(query.jobNamespace, query.jobName) : undefined;
    const { runs, totalCount } = await this.runs.page(
      { states: query.states ? modelStates(query.states) : undefined, since: query.since ? parseInstant(query.since) : undefined, jobId },
      query.limit ?? 100,
      query.offset ?? 0,
    );
    return { runs: runs.map(runShape), totalCount };
  }
}
