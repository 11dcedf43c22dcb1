import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DatasetQualityDto, DatasetQualityQuery } from './quality.dto';
import { QualityService } from './quality.service';

@ApiTags('Data quality')
@Controller('api/v1/namespaces/:namespace/datasets/:dataset/quality')
export class QualityController {
  constructor(private readonly quality: QualityService) {}

  @Get()
  @ApiOperation({
    operationId: 'getDatasetQuality',
    summary: "A dataset's data quality per run, newest first, and the latest assertions (not in Marquez)",
    description:
      'From the dataQualityMetrics, dataQualityAssertions, inputStatistics and outputStatistics facets the runs sent ' +
      'on the dataset (in inputFacets or outputFacets). A run that read and wrote the dataset has an entry per direction.',
  })
  @ApiOkResponse({ type: DatasetQualityDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: limit is invalid; `errors` names it' })
  @ApiNotFoundResponse({ description: 'DATASET_NOT_FOUND: no such dataset in the namespace' })
  get(@Param('namespace') namespace: string, @Param('dataset') dataset: string, @Query() query: DatasetQualityQuery): Promise<DatasetQualityDto> {
    return this.quality.ofDataset(namespace, dataset, query.limit);
  }
}
