import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsISO8601, IsOptional, Matches } from 'class-validator';
import { RunListService } from '../read/runs/run-list.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezRunDto, RUN_STATES } from './run.dto';
import { modelStates, runShape } from './shapes';

/** `a=X&a=Y` and `a=X,Y` both give [X, Y]. */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');

export class RunListQuery extends MarquezPageQuery {
  @ApiPropertyOptional({ enum: RUN_STATES, isArray: true, description: 'Only runs in one of these states. Repeat it or separate with commas.' })
  @IsOptional() @Transform(toList) @IsIn(RUN_STATES, { each: true })
  states?: string[];

  @ApiPropertyOptional({ format: 'date-time', description: 'Only runs first seen at or after this time (with a UTC offset or Z)' })
  @IsOptional() @IsISO8601({ strict: true }) @Matches(/(Z|[+-]\d{2}(:?\d{2})?)$/, { message: 'since must carry a UTC offset or Z' })
  since?: string;
}

export class RunOfJobDto extends MarquezRunDto {
  @ApiProperty() jobNamespace!: string;
  @ApiProperty() jobName!: string;
}

export class RunListAcrossJobsDto {
  @ApiProperty({ type: [RunOfJobDto] }) runs!: RunOfJobDto[];
  @ApiProperty({ description: 'The runs the filters keep, counted exactly up to 10,000: 10,000 means that many or more' })
  totalCount!: number;
}

@ApiTags('Runs')
@Controller('api/v1/runs')
export class RunListController {
  constructor(private readonly runs: RunListService) {}

  @Get()
  @ApiOperation({
    operationId: 'listRuns',
    summary: 'Runs of every job, newest first (not in Marquez, which lists runs per job only)',
    description: "Ordered by each run's first event time, newest first; each run in Marquez's run shape with its job's namespace and name.",
  })
  @ApiOkResponse({ type: RunListAcrossJobsDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit, offset, states or since invalid; the message names it' })
  async list(@Query() query: RunListQuery): Promise<RunListAcrossJobsDto> {
    const { runs, totalCount } = await this.runs.page(
      { states: query.states ? modelStates(query.states) : undefined, since: query.since ? new Date(query.since) : undefined },
      query.limit ?? 100,
      query.offset ?? 0,
    );
    return { runs: runs.map((run) => ({ ...runShape(run), jobNamespace: run.jobNamespace, jobName: run.jobName })), totalCount };
  }
}
