import { Controller, Delete, Get, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DeletionsService } from '../deletions/deletions.service';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DatasetViewsService } from '../read/datasets/dataset-views.service';
import { QualityService } from '../read/quality/quality.service';
import { MarquezPageQuery } from '../read/shared/page-query';
import { MarquezDatasetDto, MarquezDatasetListDto, MarquezDatasetVersionDto, MarquezDatasetVersionListDto } from './dataset.dto';
import { requesterOf } from './requester';
import { datasetShape, datasetVersionShape } from './shapes';

const NOT_FOUND = { description: 'DATASET_NOT_FOUND (no such dataset in the namespace) or DATASET_VERSION_NOT_FOUND' };
const BAD_REQUEST = { description: 'INVALID_PARAMETER: limit, offset or version invalid; the message names it' };

@ApiTags('Marquez: datasets')
@Controller('api/v1/namespaces/:namespace/datasets')
export class NamespaceDatasetsController {
  constructor(
    private readonly datasets: DatasetViewsService,
    private readonly quality: QualityService,
    private readonly deletions: DeletionsService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listNamespaceDatasets',
    summary: 'Datasets of one namespace by name (Marquez getDatasets)',
    description: 'totalCount counts the datasets of the namespace exactly up to 10,000 (10000 means that many or more).',
  })
  @ApiOkResponse({ type: MarquezDatasetListDto })
  @ApiBadRequestResponse(BAD_REQUEST)
  async list(@Param('namespace') namespace: string, @Query() query: MarquezPageQuery): Promise<MarquezDatasetListDto> {
    const { datasets, totalCount } = await this.datasets.inNamespace(namespace, query.limit ?? 100, query.offset ?? 0);
    return { datasets: datasets.map((d) => datasetShape(d)), totalCount };
  }

  @Get(':dataset')
  @ApiOperation({
    operationId: 'getNamespaceDataset',
    summary: 'One dataset by namespace and name (Marquez getDataset)',
    description: "facets.dataQualityAssertions holds the assertions of the latest run that reported some, as Marquez's UI reads them",
  })
  @ApiOkResponse({ type: MarquezDatasetDto })
  @ApiNotFoundResponse(NOT_FOUND)
  async get(@Param('namespace') namespace: string, @Param('dataset') dataset: string): Promise<MarquezDatasetDto> {
    const [view, assertions] = await Promise.all([this.datasets.byName(namespace, dataset), this.quality.latestAssertionsByName(namespace, dataset)]);
    return datasetShape(view, assertions);
  }

  @Delete(':dataset')
  @ApiOperation({
    operationId: 'deleteNamespaceDataset',
    summary: 'Hide a dataset until a newer event names it again (Marquez deleteDataset)',
    description:
      'The dataset leaves lists, search and the lineage graph; the log keeps every event, and `reproject` keeps the hiding. ' +
      'An event with a later event time naming the dataset shows it again. Answers the dataset, `deleted` true.',
  })
  @ApiOkResponse({ type: MarquezDatasetDto })
  @ApiNotFoundResponse({ description: 'DATASET_NOT_FOUND: no such dataset in the namespace' })
  async delete(@Param('namespace') namespace: string, @Param('dataset') dataset: string, @Req() request: FastifyRequest): Promise<MarquezDatasetDto> {
    await this.deletions.deleteDataset(namespace, dataset, requesterOf(request));
    return { ...datasetShape(await this.datasets.byName(namespace, dataset)), deleted: true };
  }

  @Get(':dataset/versions')
  @ApiOperation({ operationId: 'listDatasetVersions', summary: 'Versions (distinct schemas) of a dataset, newest first (Marquez getDatasetVersions)' })
  @ApiOkResponse({ type: MarquezDatasetVersionListDto })
  @ApiBadRequestResponse(BAD_REQUEST)
  @ApiNotFoundResponse(NOT_FOUND)
  async versions(
    @Param('namespace') namespace: string,
    @Param('dataset') dataset: string,
    @Query() query: MarquezPageQuery,
  ): Promise<MarquezDatasetVersionListDto> {
    const { versions, totalCount } = await this.datasets.versionList(namespace, dataset, query.limit ?? 100, query.offset ?? 0);
    return { versions: versions.map(datasetVersionShape), totalCount };
  }

  @Get(':dataset/versions/:version')
  @ApiOperation({ operationId: 'getDatasetVersion', summary: 'One version of a dataset (Marquez getDatasetVersion)' })
  @ApiOkResponse({ type: MarquezDatasetVersionDto })
  @ApiBadRequestResponse(BAD_REQUEST)
  @ApiNotFoundResponse(NOT_FOUND)
  async version(
    @Param('namespace') namespace: string,
    @Param('dataset') dataset: string,
    @Param('version') version: string,
  ): Promise<MarquezDatasetVersionDto> {
    return datasetVersionShape(await this.datasets.version(namespace, dataset, version));
  }
}

