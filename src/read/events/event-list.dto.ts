import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsTimeBound } from '../shared/is-time-bound';
import { EVENT_LIST_COUNT_CAP } from './event-list.service';

const EVENT_KINDS = ['run', 'job', 'dataset'] as const;
const EVENT_TYPES = ['START', 'RUNNING', 'COMPLETE', 'ABORT', 'FAIL', 'OTHER'] as const;

export class EventListQueryDto {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  limit?: number;

  @ApiPropertyOptional({ enum: EVENT_KINDS, description: 'RunEvent, JobEvent or DatasetEvent' })
  @IsOptional() @IsIn(EVENT_KINDS)
  kind?: (typeof EVENT_KINDS)[number];

  @ApiPropertyOptional({ enum: EVENT_TYPES, description: "A run event's eventType" })
  @IsOptional() @IsIn(EVENT_TYPES)
  eventType?: string;

  @ApiPropertyOptional({ description: "Only events whose job is in this namespace (exact)" })
  @IsOptional() @IsString() @MaxLength(1024)
  namespace?: string;

  @ApiPropertyOptional({ format: 'uuid', description: "Only this run's events" })
  @IsOptional() @IsUUID('all')
  runId?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events received at or after this time' })
  @IsOptional() @IsTimeBound('after')
  after?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events received before this time' })
  @IsOptional() @IsTimeBound('before')
  before?: string;

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page (same filters)' })
  @IsOptional() @IsString() @MaxLength(256)
  cursor?: string;
}

export class EventSummaryDto {
  @ApiProperty({ description: 'The log id: GET /api/v1/events/{id} returns the event as received' }) id!: string;
  @ApiProperty({ format: 'date-time' }) receivedAt!: string;
  @ApiProperty({ enum: EVENT_KINDS }) eventKind!: string;
  @ApiProperty({ nullable: true, type: String, enum: EVENT_TYPES }) eventType!: string | null;
  @ApiProperty({ format: 'date-time', description: "The producer's eventTime" }) eventTime!: string;
  @ApiProperty({ nullable: true, type: String }) runId!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobNamespace!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobName!: string | null;
  @ApiProperty({ nullable: true, type: String }) producer!: string | null;
}

export class EventListDto {
  @ApiProperty({ type: [EventSummaryDto], description: 'Newest received first' }) events!: EventSummaryDto[];
  @ApiProperty({
    maximum: EVENT_LIST_COUNT_CAP,
    description: `The events the filters keep, counted exactly up to ${EVENT_LIST_COUNT_CAP}: ${EVENT_LIST_COUNT_CAP} means that many or more`,
  })
  totalCount!: number;
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` (same filters) for the next page; null on the last' })
  nextCursor!: string | null;
}
