import { ApiProperty } from '@nestjs/swagger';
import { LINEAGE_SOURCE_DESCRIPTION, LINEAGE_SOURCES, type LineageSource } from '../shared/lineage-source';

export class ImpactFieldDto {
  @ApiProperty({ description: "'datasetField:{ns}:{name}:{field}'" }) id!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty() field!: string;
  @ApiProperty({ nullable: true, type: String }) fieldType!: string | null;
  @ApiProperty({ description: 'Field-to-field edges from the nearest tagged field (0: tagged itself)' }) depth!: number;
}

export class ImpactEdgeDto {
  @ApiProperty({ description: 'The input field (node id)' }) from!: string;
  @ApiProperty({ description: 'The output field it feeds (node id)' }) to!: string;
  @ApiProperty({ nullable: true, type: String, description: 'DIRECT or INDIRECT (OpenLineage 1-2-0)' }) transformationType!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'IDENTITY, TRANSFORMATION, AGGREGATION, FILTER, JOIN, ...' }) transformationSubtype!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: Boolean, description: 'Whether the transformation masks the data' }) masking!: boolean | null;
  @ApiProperty({ enum: LINEAGE_SOURCES, description: LINEAGE_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class TagImpactDto {
  @ApiProperty() tag!: string;
  @ApiProperty({ type: [ImpactFieldDto], description: 'The tagged fields (a dataset tag tags all its current fields)' }) sources!: ImpactFieldDto[];
  @ApiProperty({ type: [ImpactFieldDto], description: 'Every field reached downstream, the sources excluded' }) reached!: ImpactFieldDto[];
  @ApiProperty({ type: [ImpactEdgeDto], description: 'The edges of the walk: through which transformations each field is reached' }) edges!: ImpactEdgeDto[];
  @ApiProperty({ description: 'true when maxNodes cut the walk' }) truncated!: boolean;
}
