import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MarquezPageQuery } from '../read/shared/page-query';
import { TagsService } from '../read/tags/tags.service';
import { MarquezTagListDto } from './tag.dto';

@ApiTags('Marquez: tags')
@Controller('api/v1/tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listTags',
    summary: 'Tag names in use on datasets, fields, jobs and runs, by name (Marquez getTags)',
    description: 'A tag is the key of an entry of an OpenLineage tags facet. Tags have no description here (null).',
  })
  @ApiOkResponse({ type: MarquezTagListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  async list(@Query() query: MarquezPageQuery): Promise<MarquezTagListDto> {
    const names = await this.tags.names(query.limit ?? 100, query.offset ?? 0);
    return { tags: names.map((name) => ({ name, description: null })) };
  }
}
