import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsTimeBound } from '../read/shared/is-time-bound';
import { MAX_OFFSET } from '../read/shared/page-query';
import { RUN_EVENT_COUNT_CAP } from '../read/events/events.service';

export class LineageEventsQuery {
  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 200, description: 'Events per page (payloads can be large)' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(200)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: MAX_OFFSET, description: 'Marquez paging; prefer `cursor` for deep pages' })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(MAX_OFFSET)
  offset?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc', description: 'Order by event time (then log id)' })
  @IsOptional() @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events with eventTime < before (exclusive). No bound when absent.' })
  @IsOptional() @IsTimeBound('before')
  before?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events with eventTime >= after (inclusive). No bound when absent.' })
  @IsOptional() @IsTimeBound('after')
  after?: string;

  @ApiPropertyOptional({ description: 'Keyset paging (not in Marquez): the nextCursor of the previous page, same filters' })
  @IsOptional() @IsString() @MaxLength(256)
  cursor?: string;
}

export class LineageEventListDto {
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'OpenLineage run events as received. Job and dataset events are never listed (as in Marquez).',
  })
  events!: unknown[];

  @ApiProperty({
    description:
      `The number of run events with after <= eventTime < before, counted exactly up to ${RUN_EVENT_COUNT_CAP}: ` +
      `${RUN_EVENT_COUNT_CAP} means that many or more. Job and dataset events are not counted. ` +
      'Independent of limit, offset and cursor.',
    maximum: RUN_EVENT_COUNT_CAP,
  })
  totalCount!: number;

  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` (with the same filters) for the next page; null on the last' })
  nextCursor!: string | null;
}
