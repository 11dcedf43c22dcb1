import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsTimeBound } from '../shared/is-time-bound';
import { EXPORT_PAGE_DEFAULT, EXPORT_PAGE_MAX } from './event-export.service';

export class ExportEventsQuery {
  @ApiPropertyOptional({ format: 'date-time', description: 'Only events the store received at or after this time (inclusive)' })
  @IsOptional() @IsTimeBound('after')
  after?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only events the store received before this time (exclusive)' })
  @IsOptional() @IsTimeBound('before')
  before?: string;

  @ApiPropertyOptional({ description: "Only events that name this namespace: their job's, or an input's, output's or dataset event's dataset's" })
  @IsOptional() @IsString() @MaxLength(1024)
  namespace?: string;

  @ApiPropertyOptional({
    default: EXPORT_PAGE_DEFAULT,
    minimum: 1,
    maximum: EXPORT_PAGE_MAX,
    description: 'Events of the log a response examines (before the namespace filter)',
  })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(EXPORT_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({ description: 'The Next-Cursor header of the previous response, with the same filters' })
  @IsOptional() @IsString() @MaxLength(256)
  cursor?: string;
}
