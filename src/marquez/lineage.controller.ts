import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { JsonInSlicesInterceptor } from '../core/http/json-in-slices.interceptor';
import { DEFAULT_DEPTH, DEFAULT_MAX_NODES, ColumnLineageQuery, LineageQuery } from '../read/lineage/lineage.query';
import { ColumnGraphService } from '../read/lineage/column-graph.service';
import { LineageService } from '../read/lineage/lineage.service';
import { MarquezDatasetDataDto } from './dataset.dto';
import { MarquezColumnLineageGraphDto, MarquezJobDataDto, MarquezLineageGraphDto } from './lineage.dto';
import { columnLineageGraphShape, lineageGraphShape } from './lineage-shapes';

@ApiTags('Marquez: lineage')
@ApiExtraModels(MarquezDatasetDataDto, MarquezJobDataDto)
@Controller('api/v1')
// A graph can be megabytes of JSON: serialised in slices, not in one hold of the event loop.
@UseInterceptors(JsonInSlicesInterceptor)
export class LineageController {
  constructor(
    private readonly lineage: LineageService,
    private readonly columns: ColumnGraphService,
  ) {}

  @Get('lineage')
  @ApiOperation({
    operationId: 'getLineage',
    summary: 'The directed lineage graph around a dataset or job (Marquez getLineage, plus direction, asOf and maxNodes)',
    description:
      'Walks only directed edges (dataset -> job for inputs, job -> dataset for outputs, and the dataset -> dataset and job -> job edges of ' +
      'explicit lineage, the `lineage` facet) from the node: upstream, downstream or both, each node once, up to `depth` jobs away and at most ' +
      '`maxNodes` nodes (nearest first). Each edge says its `source`: observed (by runs), declared (by job events or lineage facets) or both. ' +
      "A `run:{id}` node (Marquez's grammar has it, Marquez answers 404) gives the graph around the run's job as of the run's last event: " +
      'what that run read and wrote, and what was declared then; asOf cannot be given with it. One walk query whatever the graph size.',
  })
  @ApiOkResponse({ type: MarquezLineageGraphDto })
  @ApiBadRequestResponse({
    description:
      'INVALID_PARAMETER: nodeId, depth, direction, asOf or maxNodes invalid (a run id that is not a UUID, or asOf with a run node); the ' +
      "message names it. UNKNOWN_NODE: no reading of the nodeId's colons names an existing dataset or job (the message lists the readings " +
      'tried), or no run has the run id',
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
      '(ColumnLineage facets, run events\' `lineage` facets) and declared (the `lineage` facet of job events and datasets), each input marked with its `source`. ' +
      "datasetDependencies (not in Marquez) lists the dataset-level dependencies of the graph's datasets (ColumnLineage's `dataset` list, " +
      "and the `lineage` facet's entity-level sources naming a field), each with its `source`.",
  })
  @ApiOkResponse({ type: MarquezColumnLineageGraphDto })
  @ApiBadRequestResponse({
    description:
      'INVALID_PARAMETER: nodeId, depth, withDownstream, asOf or maxNodes invalid (a job or run node: column lineage starts at a dataset or ' +
      'a field); the message names it. UNKNOWN_NODE: no reading of ' +
      "the nodeId's colons names an existing dataset, or a field the store knows of it; the message lists the readings tried",
  })
  async columnGraph(@Query() query: ColumnLineageQuery): Promise<MarquezColumnLineageGraphDto> {
    const graph = await this.columns.graph(query.nodeId, {
      depth: query.depth ?? DEFAULT_DEPTH,
      direction: query.withDownstream ? 'both' : 'upstream',
      asOf: query.asOf ?? null,
      maxNodes: query.maxNodes ?? DEFAULT_MAX_NODES,
    });
    return columnLineageGraphShape(graph);
  }
}
