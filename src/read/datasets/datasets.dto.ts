import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { LINEAGE_SOURCE_DESCRIPTION, LINEAGE_SOURCES, type LineageSource } from '../shared/lineage-source';

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

  @ApiPropertyOptional({
    description:
      'Case-insensitive substring of the namespace or the name. A `q` of one or two characters (no index serves it) ' +
      'looks at 2,000 datasets per page: such a page may hold fewer matches than `limit` and still have a nextCursor',
  })
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

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 500, description: 'How many reading and how many writing jobs to include' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(500)
  jobsLimit?: number;
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
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page (a page may be short and still have one)' })
  nextCursor!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The datasets the filters keep, counted exactly up to 10,000 (10,000 means that many or more); null for a q of 1-2 characters, which is not counted',
  })
  totalCount!: number | null;
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

export class DatasetFieldDto {
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String, description: 'null when no event gave a type (a name-only schema)' }) type!: string | null;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ type: [String], description: 'Tag names (the tags facet keys) of the field' }) tags!: string[];
}

export class DatasetVersionSummaryDto {
  @ApiProperty({ format: 'uuid', description: 'Derived from the schema: field names and types' }) version!: string;
  @ApiProperty({ format: 'date-time', description: 'Event time of the run that first produced the schema, else first seen' })
  createdAt!: string;
  @ApiProperty({ nullable: true, type: String, format: 'uuid', description: 'The run that first wrote this schema' })
  createdByRunId!: string | null;
}

export class DatasetJobDto {
  @ApiProperty() namespace!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time', description: 'First event time the job read or wrote the dataset' }) firstSeenAt!: string;
  @ApiProperty({ format: 'date-time', description: 'Last event time the job read or wrote the dataset' }) lastSeenAt!: string;
  @ApiProperty({ enum: LINEAGE_SOURCES, description: LINEAGE_SOURCE_DESCRIPTION }) source!: LineageSource;
}

export class DatasetDetailDto extends DatasetDto {
  @ApiProperty({ nullable: true, type: String, description: 'From the current documentation facet' }) description!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'From the current dataSource facet' }) sourceName!: string | null;
  @ApiProperty({ type: [DatasetFieldDto], description: 'Fields of the current version' }) fields!: DatasetFieldDto[];
  @ApiProperty({ type: DatasetVersionSummaryDto, nullable: true, description: 'null until an event gave a schema' })
  currentVersion!: DatasetVersionSummaryDto | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Current facets, each from the latest event that sent it' })
  facets!: Record<string, unknown>;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ type: [DatasetJobDto], description: 'Jobs that read it (by runs, job events or lineage facets), most recent first (at most jobsLimit)' })
  readBy!: DatasetJobDto[];
  @ApiProperty({ type: [DatasetJobDto], description: 'Jobs that wrote it (by runs, job events or lineage facets), most recent first (at most jobsLimit)' })
  writtenBy!: DatasetJobDto[];
  @ApiProperty({ type: [SymlinkDto] }) symlinks!: SymlinkDto[];
  @ApiProperty({ type: [DatasetEventDto], description: 'Most recent events that named the dataset, newest first' })
  events!: DatasetEventDto[];
}
