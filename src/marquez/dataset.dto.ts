import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { LINEAGE_SOURCE_DESCRIPTION, LINEAGE_SOURCES, type LineageSource } from '../read/shared/lineage-source';
import { MarquezRunDto, MarquezVersionIdDto } from './run.dto';

const MARQUEZ_SOURCE_DESCRIPTION = `Not in Marquez: ${LINEAGE_SOURCE_DESCRIPTION}`;

export class MarquezDatasetIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
}

export class MarquezFieldDto {
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String, description: 'null when no event gave the type' }) type!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
}

export class MarquezInputFieldDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() dataset!: string;
  @ApiProperty() field!: string;
  @ApiProperty({ nullable: true, type: String }) transformationDescription!: string | null;
  @ApiProperty({ nullable: true, type: String }) transformationType!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Not in Marquez: OpenLineage 1-2-0 subtype' }) transformationSubtype!: string | null;
  @ApiPropertyOptional({ nullable: true, type: Boolean, description: 'Not in Marquez: OpenLineage 1-2-0 masking' }) masking!: boolean | null;
  @ApiPropertyOptional({ enum: LINEAGE_SOURCES, description: MARQUEZ_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class MarquezColumnLineageDto {
  @ApiProperty({ description: 'The output field' }) name!: string;
  @ApiProperty({ type: [MarquezInputFieldDto] }) inputFields!: MarquezInputFieldDto[];
  @ApiProperty({ nullable: true, type: String }) transformationDescription!: string | null;
  @ApiProperty({ nullable: true, type: String }) transformationType!: string | null;
}

/** What every shape of a dataset carries: its identity, schema and tags. */
class MarquezDatasetBase {
  @ApiProperty({ enum: ['DB_TABLE', 'STREAM'] }) type!: 'DB_TABLE' | 'STREAM';
  @ApiProperty() name!: string;
  @ApiProperty() physicalName!: string;
  @ApiProperty({ format: 'date-time', description: 'Earliest event time that named it' }) createdAt!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty({ description: 'The dataSource facet name, else the namespace' }) sourceName!: string;
  @ApiProperty({ type: [MarquezFieldDto] }) fields!: MarquezFieldDto[];
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
}

/** A dataset as a lineage node carries it (Marquez's DatasetData): no facets, no column lineage. */
export class MarquezDatasetDataDto extends MarquezDatasetBase {
  @ApiProperty({ type: MarquezDatasetIdDto }) id!: MarquezDatasetIdDto;
  @ApiProperty({ format: 'date-time', description: 'Latest event time that named it' }) updatedAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'Latest COMPLETE run that wrote it' })
  lastModifiedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastLifecycleState!: string | null;
}

export class MarquezDatasetDto extends MarquezDatasetDataDto {
  @ApiProperty({ type: 'object', additionalProperties: true }) facets!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) currentVersion!: string | null;
  @ApiProperty({
    type: [MarquezColumnLineageDto],
    nullable: true,
    description: 'null when no column lineage. Observed (ColumnLineage facets, run events\' `lineage` facets) and declared (the `lineage` facet of job events and datasets), as /api/v1/column-lineage shows it now; each input says its `source`',
  })
  columnLineage!: MarquezColumnLineageDto[] | null;
  @ApiProperty({ description: 'true in the answer to a DELETE; false otherwise (a hidden dataset is still found by name)' }) deleted!: boolean;
}

export class MarquezDatasetListDto {
  @ApiProperty({ type: [MarquezDatasetDto] }) datasets!: MarquezDatasetDto[];
  @ApiProperty({ description: 'Datasets in the namespace' }) totalCount!: number;
}

export class MarquezDatasetVersionDto extends MarquezDatasetBase {
  @ApiProperty({ type: 'object', additionalProperties: true }) facets!: Record<string, unknown>;
  @ApiProperty({ type: MarquezVersionIdDto }) id!: MarquezVersionIdDto;
  @ApiProperty({ format: 'uuid', description: 'Derived from the schema (field names and types)' }) version!: string;
  @ApiProperty({ nullable: true, type: String }) lifecycleState!: string | null;
  @ApiProperty({ type: MarquezRunDto, nullable: true, description: 'The run that first produced this schema' })
  createdByRun!: MarquezRunDto | null;
}

export class MarquezDatasetVersionListDto {
  @ApiProperty({ type: [MarquezDatasetVersionDto] }) versions!: MarquezDatasetVersionDto[];
  @ApiProperty() totalCount!: number;
}
