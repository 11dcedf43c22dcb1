import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_DEPTH, DEFAULT_MAX_NODES, ColumnLineageQuery, LineageQuery } from '../read/lineage/lineage.query';
import { LineageService } from '../read/lineage/lineage.service';
import { MarquezDatasetDataDto } from './dataset.dto';
import { MarquezColumnLineageGraphDto, MarquezJobDataDto, MarquezLineageGraphDto } from './lineage.dto';
import { columnLineageGraphShape, lineageGraphShape } from './lineage-shapes';

@ApiTags('Marquez: lineage')
@ApiExtraModels(MarquezDatasetDataDto, MarquezJobDataDto)
@Controller('api/v1')
export class LineageController {
  constructor(private readonly lineage: LineageService) {}

  @Get('lineage')
  @ApiOperation({
    operationId: 'getLineage',
    summary: 'The directed lineage graph around a dataset or job (Marquez getLineage, plus direction, asOf and maxNodes)',
    description:
      'Walks only directed edges (dataset -> job for inputs, job -> dataset for outputs, and the dataset -> dataset and job -> job edges of ' +
      'explicit lineage, the `lineage` facet) from the node: upstream, downstream or both, each node once, up to `depth` jobs away and at most ' +
      '`maxNodes` nodes (nearest first). Each edge says its `source`: observed (by runs), declared (by job events or lineage facets) or both. ' +
      'One walk query whatever the graph size.',
  })
  @ApiOkResponse({ type: MarquezLineageGraphDto })
  @ApiBadRequestResponse({
    description:
      'INVALID_PARAMETER: nodeId, depth, direction, asOf or maxNodes invalid; the message names it. UNKNOWN_NODE: no reading of the ' +
      "nodeId's colons names an existing dataset or job; the message lists the readings tried",
  })
  async graph(@Query() query: LineageQuery): Promise<MarquezLineageGraphDto> {
    const graph = await this.lineage.tableGraph(query.nodeId, {
      depth: query.depth ?? DEFAULT_DEPTH,
      direction: query.direction ?? 'both',
      asOf: query.asOf ?? null,
      maxNodes: query.maxNodes ?? DEFAULT_MAX_NODES,
    });
    return lineageGraphShape(graph);
  }

  @Get('column-lineage')
  @ApiOperation({
    operationId: 'getColumnLineage',
    summary: 'The field-level lineage graph of a dataset or one of its fields (Marquez getColumnLineage, plus asOf and maxNodes)',
    description:
      'Upstream from the fields, and downstream too with withDownstream=true, up to `depth` field-to-field edges: observed column lineage ' +
      '(ColumnLineage facets, run events\' `lineage` facets) and declared (the `lineage` facet of job events and datasets), each input marked with its `source`.',
  })
  @ApiOkResponse({ type: MarquezColumnLineageGraphDto })
  @ApiBadRequestResponse({
    description:
      'INVALID_PARAMETER: nodeId, depth, withDownstream, asOf or maxNodes invalid; the message names it. UNKNOWN_NODE: no reading of ' +
      "the nodeId's colons names an existing dataset, or a field the store knows of it; the message lists the readings tried",
  })
  async columnGraph(@Query() query: ColumnLineageQuery): Promise<MarquezColumnLineageGraphDto> {
    const graph = await this.lineage.fieldGraph(query.nodeId, {
      depth: query.depth ?? DEFAULT_DEPTH,
      direction: query.withDownstream ? 'both' : 'upstream',
      asOf: query.asOf ?? null,
      maxNodes: query.maxNodes ?? DEFAULT_MAX_NODES,
    });
    return columnLineageGraphShape(graph);
  }
}
