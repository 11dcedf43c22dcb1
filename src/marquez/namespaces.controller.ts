import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NamespaceRow } from '../read/namespaces/namespaces.repository';
import { NamespacesService } from '../read/namespaces/namespaces.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezNamespaceDto, MarquezNamespaceListDto } from './namespace.dto';

function namespaceShape(row: NamespaceRow): MarquezNamespaceDto {
  return {
    name: row.name,
    createdAt: row.firstSeenAt.toISOString(),
    updatedAt: row.lastSeenAt.toISOString(),
    ownerName: 'anonymous',
    description: null,
    isHidden: false,
  };
}

@ApiTags('Marquez: namespaces')
@Controller('api/v1/namespaces')
export class NamespacesController {
  constructor(private readonly namespaces: NamespacesService) {}

  @Get()
  @ApiOperation({ operationId: 'listNamespaces', summary: 'Job and dataset namespaces by name (Marquez getNamespaces)' })
  @ApiOkResponse({ type: MarquezNamespaceListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  async list(@Query() query: MarquezPageQuery): Promise<MarquezNamespaceListDto> {
    const rows = await this.namespaces.list(query.limit ?? 100, query.offset ?? 0);
    return { namespaces: rows.map(namespaceShape) };
  }

  @Get(':namespace')
  @ApiOperation({ operationId: 'getNamespace', summary: 'One namespace (Marquez getNamespace)' })
  @ApiOkResponse({ type: MarquezNamespaceDto })
  @ApiNotFoundResponse({ description: 'NAMESPACE_NOT_FOUND: no such namespace' })
  async get(@Param('namespace') namespace: string): Promise<MarquezNamespaceDto> {
    return namespaceShape(await this.namespaces.get(namespace));
  }
}
