import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SearchService } from '../read/search/search.service';
import { MarquezSearchResultListDto, SearchQueryDto } from './search.dto';

@ApiTags('Marquez: search')
@Controller('api/v1/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @ApiOperation({
    operationId: 'searchJobsAndDatasets',
    summary: 'Jobs and datasets whose name contains q (Marquez search)',
    description:
      'q is literal text, matched case-insensitively anywhere in the name (a trigram index; % and _ match themselves). ' +
      'sort NAME orders by name; UPDATE_AT (or UPDATED_AT) by updatedAt, newest first. totalCount is the number of results returned.',
  })
  @ApiOkResponse({ type: MarquezSearchResultListDto })
  @ApiBadRequestResponse({ description: 'q missing, or filter, sort or limit invalid; the message names it' })
  async find(@Query() query: SearchQueryDto): Promise<MarquezSearchResultListDto> {
    const hits = await this.search.find(query.filter ? [query.filter] : ['DATASET', 'JOB'], {
      text: query.q,
      namespace: query.namespace,
      order: query.sort === 'NAME' ? 'name' : 'updated',
      limit: query.limit ?? 10,
    });
    const results = hits.map((h) => ({
      type: h.type,
      name: h.name,
      updatedAt: h.updatedAt.toISOString(),
      namespace: h.namespace,
      nodeId: `${h.type === 'JOB' ? 'job' : 'dataset'}:${h.namespace}:${h.name}`,
    }));
    return { totalCount: results.length, results };
  }
}
