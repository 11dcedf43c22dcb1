import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class ListDatasetsQuery {
  @ApiPropertyOptional({ description: 'Exact dataset namespace, e.g. trino://trino.example.com:8080' })
  @IsOptional() @IsString() @MaxLength(1024)
  namespace?: string;

  @ApiPropertyOptional({ description: 'Namespace scheme, e.g. trino, s3, kafka (case-insensitive)' })
  @IsOptional() @IsString() @MaxLength(256)
  scheme?: string;

  @ApiPropertyOptional({ enum: ['dataset', 'symlink'] })
  @IsOptional() @IsIn(['dataset', 'symlink'])
  kind?: 'dataset' | 'symlink';

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the namespace or the name' })
  @IsOptional() @IsString() @MaxLength(1024)
  q?: string;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 500 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  limit?: number;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page (opaque)' })
  @IsOptional() @IsString() @MaxLength(4096)
  cursor?: string;
}

export class DatasetEventsQuery {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 500, description: 'How many recent events to include' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  eventsLimit?: number;
}

export class DatasetDto {
  @ApiProperty({ format: 'uuid', description: 'Stable id derived from namespace and name' }) id!: string;
  @ApiProperty({ example: 'trino://trino.example.com:8080' }) namespace!: string;
  @ApiProperty({ example: 'hive.sales.orders' }) name!: string;
  @ApiProperty({ example: 'trino' }) scheme!: string;
  @ApiProperty({ example: 'trino.example.com:8080', nullable: true, type: String }) authority!: string | null;
  @ApiProperty({ enum: ['dataset', 'symlink'] }) kind!: 'dataset' | 'symlink';
  @ApiProperty({ format: 'date-time', description: 'Earliest event time that named it' }) firstSeenAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Latest event time that named it' }) lastSeenAt!: string;
}

export class DatasetListDto {
  @ApiProperty({ type: [DatasetDto] }) datasets!: DatasetDto[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page' })
  nextCursor!: string | null;
}

export class SymlinkDto extends DatasetDto {
  @ApiProperty({ nullable: true, type: String, example: 'TABLE' }) type!: string | null;
  @ApiProperty({
    enum: ['declares', 'declared-by'],
    description: '`declares`: this dataset lists the other as a symlink; `declared-by`: the other lists this one',
  })
  direction!: 'declares' | 'declared-by';
}

export class DatasetEventDto {
  @ApiProperty({ description: 'Id of the event in the log (GET /api/v1/events/{id})' }) eventId!: string;
  @ApiProperty({ nullable: true, type: String, example: 'COMPLETE' }) eventType!: string | null;
  @ApiProperty({ format: 'date-time' }) eventTime!: string;
  @ApiProperty({ nullable: true, type: String }) jobNamespace!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobName!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'uuid' }) runId!: string | null;
  @ApiProperty({ enum: ['input', 'output', 'dataset', 'symlink'] }) role!: string;
}

export class DatasetDetailDto extends DatasetDto {
  @ApiProperty({ type: [SymlinkDto] }) symlinks!: SymlinkDto[];
  @ApiProperty({ type: [DatasetEventDto], description: 'Most recent events that named the dataset, newest first' })
  events!: DatasetEventDto[];
}
