import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DatasetDetailDto, DatasetEventsQuery, DatasetListDto, ListDatasetsQuery } from './datasets.dto';
import { DatasetsService } from './datasets.service';

@ApiTags('Datasets')
@Controller('api/v1/datasets')
export class DatasetsController {
  constructor(private readonly datasets: DatasetsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listDatasets',
    summary: 'List every dataset the store has learned of, across namespaces (the Cockpit view)',
    description: 'Ordered by namespace, then name. Keyset paging: pass nextCursor as cursor.',
  })
  @ApiOkResponse({ type: DatasetListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER (a query parameter; `errors` names it) or BAD_CURSOR' })
  list(@Query() query: ListDatasetsQuery): Promise<DatasetListDto> {
    return this.datasets.list(query);
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getDataset',
    summary: 'One dataset: current fields, facets, version and tags, the jobs that read and write it, its symlinks and recent events',
  })
  @ApiOkResponse({ type: DatasetDetailDto })
  @ApiNotFoundResponse({ description: 'DATASET_NOT_FOUND: no dataset with this id' })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: the id is not a UUID, or a limit is invalid' })
  get(@Param('id') id: string, @Query() query: DatasetEventsQuery): Promise<DatasetDetailDto> {
    return this.datasets.get(id, query.eventsLimit, query.jobsLimit);
  }
}
