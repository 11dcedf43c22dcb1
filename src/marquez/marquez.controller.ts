import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  LineageEventListDto,
  LineageEventsQuery,
  MarquezDatasetDto,
  MarquezDatasetListDto,
  MarquezNamespaceDto,
  MarquezNamespaceListDto,
  MarquezPageQuery,
} from './marquez.dto';
import { MarquezService } from './marquez.service';

/** Marquez's paths and response shapes, so existing Marquez clients work against the store. */
@ApiTags('Marquez compatible')
@Controller('api/v1')
export class MarquezController {
  constructor(private readonly marquez: MarquezService) {}

  @Get('namespaces')
  @ApiOperation({ summary: 'List job and dataset namespaces (Marquez getNamespaces)' })
  @ApiOkResponse({ type: MarquezNamespaceListDto })
  namespaces(@Query() query: MarquezPageQuery): Promise<MarquezNamespaceListDto> {
    return this.marquez.namespaces(query);
  }

  @Get('namespaces/:namespace')
  @ApiOperation({ summary: 'One namespace (Marquez getNamespace)' })
  @ApiOkResponse({ type: MarquezNamespaceDto })
  @ApiNotFoundResponse()
  namespace(@Param('namespace') namespace: string): Promise<MarquezNamespaceDto> {
    return this.marquez.namespace(namespace);
  }

  @Get('namespaces/:namespace/datasets')
  @ApiOperation({ summary: 'Datasets of one namespace (Marquez getDatasets); facets and fields from the latest event' })
  @ApiOkResponse({ type: MarquezDatasetListDto })
  datasets(@Param('namespace') namespace: string, @Query() query: MarquezPageQuery): Promise<MarquezDatasetListDto> {
    return this.marquez.datasetsIn(namespace, query);
  }

  @Get('namespaces/:namespace/datasets/:dataset')
  @ApiOperation({ summary: 'One dataset by namespace and name (Marquez getDataset)' })
  @ApiOkResponse({ type: MarquezDatasetDto })
  @ApiNotFoundResponse()
  dataset(@Param('namespace') namespace: string, @Param('dataset') dataset: string): Promise<MarquezDatasetDto> {
    return this.marquez.dataset(namespace, dataset);
  }

  @Get('events/lineage')
  @ApiOperation({ summary: 'Received OpenLineage events, by event time (Marquez getLineageEvents)' })
  @ApiOkResponse({ type: LineageEventListDto })
  lineageEvents(@Query() query: LineageEventsQuery): Promise<LineageEventListDto> {
    return this.marquez.lineageEvents(query);
  }
}
