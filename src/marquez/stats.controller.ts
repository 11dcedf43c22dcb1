import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StatsService } from '../read/stats/stats.service';
import { CountStatDto, LineageEventStatDto, LineageEventStatsQueryDto, StatsQueryDto } from './stats.dto';

const BAD_REQUEST = { description: 'INVALID_PARAMETER: period missing or invalid, timezone invalid, or missing with WEEK; the message names it' };
const BAD_EVENT_STATS = { description: 'INVALID_PARAMETER: period missing or invalid, timezone invalid, or missing with WEEK, or basis not event or received; the message names it' };

@ApiTags('Marquez: stats')
@Controller('api/v1/stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('lineage-events')
  @ApiOperation({ operationId: 'getLineageEventStats', summary: 'Run events per type and bucket, ascending (Marquez dashboard)' })
  @ApiOkResponse({ type: [LineageEventStatDto] })
  @ApiBadRequestResponse(BAD_EVENT_STATS)
  lineageEvents(@Query() query: LineageEventStatsQueryDto): Promise<LineageEventStatDto[]> {
    return this.stats.lineageEvents(query);
  }

  @Get('datasets')
  @ApiOperation({ operationId: 'getDatasetStats', summary: 'How many datasets the store knew at the end of each bucket' })
  @ApiOkResponse({ type: [CountStatDto] })
  @ApiBadRequestResponse(BAD_REQUEST)
  datasets(@Query() query: StatsQueryDto): Promise<CountStatDto[]> {
    return this.stats.created('datasets', query);
  }

  @Get('jobs')
  @ApiOperation({ operationId: 'getJobStats', summary: 'How many jobs the store knew at the end of each bucket' })
  @ApiOkResponse({ type: [CountStatDto] })
  @ApiBadRequestResponse(BAD_REQUEST)
  jobs(@Query() query: StatsQueryDto): Promise<CountStatDto[]> {
    return this.stats.created('jobs', query);
  }

  @Get('sources')
  @ApiOperation({ operationId: 'getSourceStats', summary: 'How many sources (dataSource facet names) the store knew at the end of each bucket' })
  @ApiOkResponse({ type: [CountStatDto] })
  @ApiBadRequestResponse(BAD_REQUEST)
  sources(@Query() query: StatsQueryDto): Promise<CountStatDto[]> {
    return this.stats.created('sources', query);
  }
}
