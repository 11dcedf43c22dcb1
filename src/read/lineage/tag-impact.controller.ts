import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DEFAULT_DEPTH, DEFAULT_MAX_NODES, GraphWalkQuery } from './lineage.query';
import { FieldNode, LineageService } from './lineage.service';
import { ImpactFieldDto, TagImpactDto } from './tag-impact.dto';

const fieldDto = (n: FieldNode): ImpactFieldDto => ({
  id: n.id,
  namespace: n.namespace,
  dataset: n.dataset,
  field: n.field,
  fieldType: n.fieldType,
  depth: n.depth,
});

@ApiTags('Lineage')
@Controller('api/v1/tags')
export class TagImpactController {
  constructor(private readonly lineage: LineageService) {}

  @Get(':tag/downstream')
  @ApiOperation({
    operationId: 'getTagDownstream',
    summary: 'Where a tagged field flows: every downstream field it feeds, and through which transformations',
    description:
      'Starts from every field tagged with the tag (and every current field of a dataset tagged as a whole) and walks the ' +
      'column lineage downstream, observed and declared alike (each edge says its `source`): impact analysis, and tag propagation ' +
      '(a `pii` field marks every field it reaches).',
  })
  @ApiOkResponse({ type: TagImpactDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: depth, asOf or maxNodes invalid; the message names it' })
  async downstream(@Param('tag') tag: string, @Query() query: GraphWalkQuery): Promise<TagImpactDto> {
    const graph = await this.lineage.tagDownstream(tag, {
      depth: query.depth ?? DEFAULT_DEPTH,
      asOf: query.asOf ?? null,
      maxNodes: query.maxNodes ?? DEFAULT_MAX_NODES,
    });
    return {
      tag,
      sources: graph.sources.map(fieldDto),
      reached: graph.nodes.filter((n) => n.depth > 0).map(fieldDto),
      edges: graph.edges.map((e) => ({
        from: e.origin,
        to: e.destination,
        transformationType: e.transformationType,
        transformationSubtype: e.transformationSubtype,
        description: e.description,
        masking: e.masking,
        source: e.source,
      })),
      truncated: graph.truncated,
    };
  }
}
