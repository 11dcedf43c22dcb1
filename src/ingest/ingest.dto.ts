import { ApiProperty } from '@nestjs/swagger';
import { ALL_ERROR_CODES } from '../core/errors/error-codes';
import type { ErrorCode } from '../core/errors/error-codes';

export class IngestResponseDto {
  @ApiProperty({ enum: ['stored', 'duplicate', 'queued'] })
  status!: 'stored' | 'duplicate' | 'queued';
}

export class BatchSummaryDto {
  @ApiProperty() received!: number;
  @ApiProperty() successful!: number;
  @ApiProperty() failed!: number;
  @ApiProperty() retriable!: number;
  @ApiProperty() non_retriable!: number;
}

export class FailedEventDto {
  @ApiProperty({ description: 'Position of the event in the submitted array' }) index!: number;
  @ApiProperty({ enum: ALL_ERROR_CODES, description: 'Why, for a program: the code the event would get alone (docs/api-errors.md)' }) code!: ErrorCode;
  @ApiProperty() reason!: string;
  @ApiProperty({ description: 'True when sending the same event again later may succeed' }) retriable!: boolean;
}

export class BatchResponseDto {
  @ApiProperty({ enum: ['success', 'partial_success'] })
  status!: 'success' | 'partial_success';

  @ApiProperty({ type: BatchSummaryDto })
  summary!: BatchSummaryDto;

  @ApiProperty({ type: [FailedEventDto] })
  failed_events!: FailedEventDto[];
}
