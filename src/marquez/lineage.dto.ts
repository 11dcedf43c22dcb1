import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { MarquezDatasetDataDto } from './dataset.dto';
import { LINEAGE_SOURCE_DESCRIPTION, LINEAGE_SOURCES, type LineageSource } from '../read/shared/lineage-source';
import { MarquezJobCommon } from './job.dto';
import { MarquezRunSummaryDto } from './run.dto';

const MARQUEZ_SOURCE_DESCRIPTION = `Not in Marquez: ${LINEAGE_SOURCE_DESCRIPTION}`;

/** A job as a lineage node carries it (Marquez's JobData): the latest run, no facets, tags or latestRuns. */
export class MarquezJobDataDto extends MarquezJobCommon {
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The latest run' }) currentRunUuid!: string | null;
  @ApiProperty({
    type: MarquezRunSummaryDto,
    nullable: true,
    description: "The latest run's state and times; its facets and dataset versions are at GET /api/v1/jobs/runs/{id}",
  })
  latestRun!: MarquezRunSummaryDto | null;
}

export class MarquezEdgeDto {
  @ApiProperty() origin!: string;
  @ApiProperty() destination!: string;
  @ApiPropertyOptional({ enum: LINEAGE_SOURCES, description: MARQUEZ_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class MarquezGraphNodeDto {
  @ApiProperty({ description: "'dataset:{ns}:{name}' or 'job:{ns}:{name}'" }) id!: string;
  @ApiProperty({ enum: ['DATASET', 'JOB'] }) type!: 'DATASET' | 'JOB';
  @ApiProperty({
    oneOf: [{ $ref: getSchemaPath(MarquezDatasetDataDto) }, { $ref: getSchemaPath(MarquezJobDataDto) }],
    description: "Marquez's DatasetData or JobData, by type: slimmer than a Dataset or Job (the node's own endpoint has the rest)",
  })
  data!: MarquezDatasetDataDto | MarquezJobDataDto;
  @ApiProperty({ type: [MarquezEdgeDto], description: 'Edges ending at this node (origin is upstream)' }) inEdges!: MarquezEdgeDto[];
  @ApiProperty({ type: [MarquezEdgeDto], description: 'Edges leaving this node (destination is downstream)' }) outEdges!: MarquezEdgeDto[];
}

export class MarquezLineageGraphDto {
  @ApiProperty({ type: [MarquezGraphNodeDto], description: 'Sorted by id. Beyond Marquez, explicit lineage adds dataset -> dataset and job -> job edges' }) graph!: MarquezGraphNodeDto[];
  @ApiPropertyOptional({ description: 'Not in Marquez: true when maxNodes cut the graph' }) truncated!: boolean;
}

export class MarquezFieldInputDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty({ nullable: true, type: String }) datasetVersion!: string | null;
  @ApiProperty() field!: string;
  @ApiProperty({ nullable: true, type: String }) transformationDescription!: string | null;
  @ApiProperty({ nullable: true, type: String }) transformationType!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Not in Marquez: OpenLineage 1-2-0 subtype' }) transformationSubtype!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, description: 'Not in Marquez: OpenLineage 1-2-0 masking' }) masking!: boolean | null;
  @ApiPropertyOptional({ enum: LINEAGE_SOURCES, description: MARQUEZ_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class MarquezFieldDataDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty({ nullable: true, type: String }) datasetVersion!: string | null;
  @ApiProperty() field!: string;
  @ApiProperty({ description: "'' when no event gave the type" }) fieldType!: string;
  @ApiProperty({ nullable: true, type: String }) transformationDescription!: string | null;
  @ApiProperty({ nullable: true, type: String }) transformationType!: string | null;
  @ApiProperty({ type: [MarquezFieldInputDto], description: 'The fields this one is computed from' }) inputFields!: MarquezFieldInputDto[];
}

export class MarquezFieldNodeDto {
  @ApiProperty({ description: "'datasetField:{ns}:{name}:{field}'" }) id!: string;
  @ApiProperty({ enum: ['DATASET_FIELD'] }) type!: 'DATASET_FIELD';
  @ApiProperty({ type: MarquezFieldDataDto }) data!: MarquezFieldDataDto;
  @ApiProperty({ type: [MarquezEdgeDto], description: "As Marquez: origin is this node, destination the upstream field" }) inEdges!: MarquezEdgeDto[];
  @ApiProperty({ type: [MarquezEdgeDto], description: 'origin is this node, destination the downstream field' }) outEdges!: MarquezEdgeDto[];
}

export class MarquezFieldRefDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty() field!: string;
}

export class DatasetDependencyDto {
  @ApiProperty({ description: 'The output dataset that depends on the input field as a whole' }) namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty({ type: MarquezFieldRefDto }) input!: MarquezFieldRefDto;
  @ApiProperty({ nullable: true, type: String, example: 'INDIRECT' }) transformationType!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'JOIN' }) transformationSubtype!: string | null;
  @ApiProperty({ nullable: true, type: String }) transformationDescription!: string | null;
  @ApiProperty({ nullable: true, type: Boolean }) masking!: boolean | null;
  @ApiProperty({ enum: LINEAGE_SOURCES, description: LINEAGE_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class MarquezColumnLineageGraphDto {
  @ApiProperty({ type: [MarquezFieldNodeDto], description: 'Sorted by id' }) graph!: MarquezFieldNodeDto[];
  @ApiPropertyOptional({ description: 'Not in Marquez: true when maxNodes cut the graph' }) truncated!: boolean;
  @ApiPropertyOptional({
    type: [DatasetDependencyDto],
    description:
      "Not in Marquez: the dataset-level dependencies of the datasets in the graph: ColumnLineage's `dataset` list, and the `lineage` " +
      "facet's entity-level sources that name a field",
  })
  datasetDependencies?: DatasetDependencyDto[];
}
