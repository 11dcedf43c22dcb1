import { Controller, Delete, Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DeletionsService } from '../deletions/deletions.service';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NamespaceRow } from '../read/namespaces/namespaces.repository';
import { NamespacesService } from '../read/namespaces/namespaces.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezNamespaceDto, MarquezNamespaceListDto } from './namespace.dto';
import { requesterOf } from './requester';

function namespaceShape(row: NamespaceRow, isHidden = false): MarquezNamespaceDto {
  return {
    name: row.name,
    createdAt: row.firstSeenAt.toISOString(),
    updatedAt: row.lastSeenAt.toISOString(),
    ownerName: 'anonymous',
    description: null,
    isHidden,
  };
}

@ApiTags('Marquez: namespaces')
@Controller('api/v1/namespaces')
export class NamespacesController {
  constructor(
    private readonly namespaces: NamespacesService,
    private readonly deletions: DeletionsService,
  ) {}

  @Get()
  @ApiOperation({ operationId: 'listNamespaces', summary: 'Job and dataset namespaces by name (Marquez getNamespaces)' })
  @ApiOkResponse({ type: MarquezNamespaceListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  async list(@Query() query: MarquezPageQuery): Promise<MarquezNamespaceListDto> {
    const rows = await this.namespaces.list(query.limit ?? 100, query.offset ?? 0);
    return { namespaces: rows.map((row) => namespaceShape(row)) };
  }

  @Get(':namespace')
  @ApiOperation({ operationId: 'getNamespace', summary: 'One namespace (Marquez getNamespace)' })
  @ApiOkResponse({ type: MarquezNamespaceDto })
  @ApiNotFoundResponse({ description: 'NAMESPACE_NOT_FOUND: no such namespace' })
  async get(@Param('namespace') namespace: string): Promise<MarquezNamespaceDto> {
    return namespaceShape(await this.namespaces.get(namespace));
  }

  @Delete(':namespace')
  @ApiOperation({
    operationId: 'deleteNamespace',
    summary: 'Hide a namespace, with its datasets and jobs, until newer events name them again (Marquez deleteNamespace)',
    description:
      'The namespace and everything in it leave lists, search and the lineage graph; the log keeps every event, and `reproject` ' +
      'keeps the hiding. An event with a later event time shows what it names again (and the namespace). Answers the namespace, `isHidden` true.',
  })
  @ApiOkResponse({ type: MarquezNamespaceDto })
  @ApiNotFoundResponse({ description: 'NAMESPACE_NOT_FOUND: no such namespace' })
  async delete(@Param('namespace') namespace: string, @Req() request: FastifyRequest): Promise<MarquezNamespaceDto> {
    await this.deletions.deleteNamespace(namespace, requesterOf(request));
    return namespaceShape(await this.namespaces.get(namespace), true);
  }
}
