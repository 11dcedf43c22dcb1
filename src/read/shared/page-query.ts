import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Deepest offset any list accepts: beyond it, skipping rows costs more than a request may. */
export const MAX_OFFSET = 10_000;

/** Marquez's limit/offset parameters (default limit 100, at most 1000). */
export class MarquezPageQuery {
  @ApiPropertyOptional({ default: 100, minimum: 1, maximum: 1000 })
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000)
  limit?: number;

  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: MAX_OFFSET })
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(MAX_OFFSET)
  offset?: number;
}
