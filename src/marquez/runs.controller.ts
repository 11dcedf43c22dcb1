import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { RunsService } from '../read/runs/runs.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezFacetsResultDto, MarquezRunDto, RunChildrenDto } from './run.dto';
import { runShape } from './shapes';

export class FacetsQuery {
  @ApiProperty({ enum: ['run', 'job'], description: "run: the run's facets; job: the job facets its events carried" })
  @IsIn(['run', 'job'])
  type!: 'run' | 'job';
}

@ApiTags('Marquez: runs')
@Controller('api/v1/jobs/runs')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Get(':id')
  @ApiOperation({ operationId: 'getRun', summary: 'One run (Marquez getRun)' })
  @ApiOkResponse({ type: MarquezRunDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: the id is not a UUID' })
  @ApiNotFoundResponse({ description: 'RUN_NOT_FOUND: no such run' })
  async get(@Param('id') id: string): Promise<MarquezRunDto> {
    return runShape(await this.runs.get(id));
  }

  @Get(':id/children')
  @ApiOperation({
    operationId: 'listRunChildren',
    summary: 'The runs whose `parent` facet names this run (not in Marquez)',
    description: 'An Airflow DAG run\'s task runs, a Spark application\'s job runs: oldest first by first event time. totalCount counts them exactly up to 10,000.',
  })
  @ApiOkResponse({ type: RunChildrenDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: the id is not a UUID, or limit or offset invalid' })
  @ApiNotFoundResponse({ description: 'RUN_NOT_FOUND: no such run' })
  async children(@Param('id') id: string, @Query() query: MarquezPageQuery): Promise<RunChildrenDto> {
    const { runs, totalCount } = await this.runs.children(id, query.limit ?? 100, query.offset ?? 0);
    return { runs: runs.map(runShape), totalCount };
  }

  @Get(':id/facets')
  @ApiOperation({ operationId: 'getRunFacets', summary: "A run's facets or its job facets, merged latest-wins by event time (Marquez getFacets)" })
  @ApiOkResponse({ type: MarquezFacetsResultDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: the id is not a UUID, or type is not run or job' })
  @ApiNotFoundResponse({ description: 'RUN_NOT_FOUND: no such run' })
  async facets(@Param('id') id: string, @Query() query: FacetsQuery): Promise<MarquezFacetsResultDto> {
    return { runId: id.toLowerCase(), facets: await this.runs.facets(id, query.type) };
  }
}
