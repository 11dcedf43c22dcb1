import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, Max, Min } from 'class-validator';

/** Marquez's limit/offset parameters (default limit 100). */
export class MarquezPageQuery {
  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 1000 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(1_000_000_000)
  offset?: number;
}

export class LineageEventsQuery extends MarquezPageQuery {
  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional() @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events with an event time before this' })
  @IsOptional() @IsISO8601({ strict: true })
  before?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events with an event time after this' })
  @IsOptional() @IsISO8601({ strict: true })
  after?: string;
}

export class MarquezNamespaceDto {
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty({ example: 'anonymous' }) ownerName!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() isHidden!: boolean;
}

export class MarquezNamespaceListDto {
  @ApiProperty({ type: [MarquezNamespaceDto] }) namespaces!: MarquezNamespaceDto[];
}

export class MarquezDatasetIdDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
}

export class MarquezFieldDto {
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) type!: string | null;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
}

export class MarquezDatasetDto {
  @ApiProperty({ type: MarquezDatasetIdDto }) id!: MarquezDatasetIdDto;
  @ApiProperty({ example: 'DB_TABLE' }) type!: string;
  @ApiProperty() name!: string;
  @ApiProperty() physicalName!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time' }) updatedAt!: string;
  @ApiProperty() namespace!: string;
  @ApiProperty() sourceName!: string;
  @ApiProperty({ type: [MarquezFieldDto] }) fields!: MarquezFieldDto[];
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) lastModifiedAt!: string | null;
  @ApiProperty({ nullable: true, type: String }) lastLifecycleState!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) facets!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) currentVersion!: string | null;
  @ApiProperty() deleted!: boolean;
}

export class MarquezDatasetListDto {
  @ApiProperty({ type: [MarquezDatasetDto] }) datasets!: MarquezDatasetDto[];
  @ApiProperty() totalCount!: number;
}

export class LineageEventListDto {
  @ApiProperty({ type: 'array', items: { type: 'object' }, description: 'The events as received' }) events!: unknown[];
  @ApiProperty() totalCount!: number;
}
