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
      'q is literal text (% and _ match themselves), case-insensitive: 3 or more characters match anywhere in the name, ' +
      '1 or 2 characters match the start of the name. The results are the first `limit` matches, names in which the longest word of q ' +
      'stands whole (words are runs of letters and digits) before the rest, each in lower-case name order; ' +
      'sort then orders them: NAME by name, UPDATE_AT (or UPDATED_AT, the default) by updatedAt, newest first. ' +
      'totalCount is the number of results returned, as Marquez.',
  })
  @ApiOkResponse({ type: MarquezSearchResultListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: q missing, or filter, sort or limit invalid; the message names it' })
  async find(@Query() query: SearchQueryDto): Promise<MarquezSearchResultListDto> {
    const hits = await this.search.find(
      query.filter ? [query.filter] : ['DATASET', 'JOB'],
      { text: query.q, namespace: query.namespace, limit: query.limit ?? 10 },
      query.sort === 'NAME' ? 'name' : 'updated',
    );
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
