import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { MarquezPageQuery, MAX_OFFSET } from '../shared/page-query';
import { NamespaceCountsRepository } from './namespace-counts.repository';

export class NamespaceCountsDto {
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ description: `Jobs in the namespace, exact up to ${MAX_OFFSET} (that many or more)` }) jobs!: number;
  @ApiProperty({ description: `Datasets in the namespace, exact up to ${MAX_OFFSET} (that many or more)` }) datasets!: number;
}

export class NamespaceCountsListDto {
  @ApiProperty({ type: [NamespaceCountsDto] }) namespaces!: NamespaceCountsDto[];
  @ApiProperty({ description: `Every namespace, exact up to ${MAX_OFFSET}` }) totalCount!: number;
}

@ApiTags('Namespaces')
@Controller('api/v1/stats/namespaces')
export class NamespaceCountsController {
  constructor(private readonly namespaces: NamespaceCountsRepository) {}

  @Get()
  @ApiOperation({
    operationId: 'listNamespaceCounts',
    summary: 'Namespaces by name with their job and dataset counts (not in Marquez, whose namespaces carry no counts)',
  })
  @ApiOkResponse({ type: NamespaceCountsListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit or offset invalid' })
  async list(@Query() query: MarquezPageQuery): Promise<NamespaceCountsListDto> {
    const [rows, totalCount] = await Promise.all([
      this.namespaces.page(query.limit ?? 100, query.offset ?? 0, MAX_OFFSET),
      this.namespaces.count(MAX_OFFSET),
    ]);
    return {
      namespaces: rows.map((r) => ({
        name: r.name,
        createdAt: r.firstSeenAt.toISOString(),
        updatedAt: r.lastSeenAt.toISOString(),
        jobs: r.jobs,
        datasets: r.datasets,
      })),
      totalCount,
    };
  }
}
