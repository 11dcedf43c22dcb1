import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { STATS_PERIODS } from '../read/stats/stat-buckets';
import type { StatsPeriod } from '../read/stats/stat-buckets';

export class StatsQueryDto {
  @ApiProperty({ enum: STATS_PERIODS, description: 'DAY: 24 hourly buckets (UTC). WEEK: 7 daily buckets in `timezone`.' })
  @IsIn(STATS_PERIODS)
  period!: StatsPeriod;

  @ApiPropertyOptional({ example: 'Europe/Berlin', description: 'IANA time zone; required for WEEK, ignored for DAY' })
  @IsOptional() @IsString() @MaxLength(64)
  timezone?: string;
}

export class LineageEventStatsQueryDto extends StatsQueryDto {
  @ApiPropertyOptional({
    enum: ['event', 'received'],
    default: 'event',
    description: "event: by the producers' eventTime (as Marquez); received: by when the store received each event (not in Marquez)",
  })
  @IsOptional() @IsIn(['event', 'received'])
  basis?: 'event' | 'received';
}

export class StatIntervalDto {
  @ApiProperty({
    format: 'date-time',
    description: 'DAY: the hour (UTC). WEEK: the local midnight written as UTC, as Marquez (2024-05-01T00:00:00Z is 1 May local)',
  })
  startInterval!: string;
  @ApiProperty({ format: 'date-time' }) endInterval!: string;
}

export class LineageEventStatDto extends StatIntervalDto {
  @ApiProperty({ description: 'Run events of type START with an eventTime (or, with basis=received, a received time) in the bucket' }) start!: number;
  @ApiProperty({ description: 'COMPLETE run events' }) complete!: number;
  @ApiProperty({ description: 'FAIL run events' }) fail!: number;
  @ApiProperty({ description: 'ABORT run events' }) abort!: number;
}

export class CountStatDto extends StatIntervalDto {
  @ApiProperty({ description: 'Cumulative: how many had been first seen (by event time) before the end of the bucket' })
  count!: number;
}
