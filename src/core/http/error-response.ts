import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ALL_ERROR_CODES } from '../errors/error-codes';
import type { ErrorCode } from '../errors/error-codes';
import type { FieldError } from '../errors/domain-errors';
import type { ErrorBodyShape } from './error-body';

/** One wrong field of a request: where, and what is wrong with it. */
export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'run.runId', description: 'Path of the offending field; `$` is the whole body' })
  field!: string;

  @ApiProperty({ example: 'must be a UUID' })
  message!: string;
}

export { errorResponse } from './error-body';

/** The one body of every error answer (4xx and 5xx): see docs/api-errors.md. */
export class ErrorBody implements ErrorBodyShape {
  @ApiProperty({ example: 400, description: 'The HTTP status code, repeated' })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request', description: 'The status text' })
  error!: string;

  @ApiProperty({ enum: ALL_ERROR_CODES, example: 'INVALID_EVENT', description: 'What went wrong, for a program: stable (docs/api-errors.md)' })
  code!: ErrorCode;

  @ApiProperty({ example: 'run.runId: must be a UUID', description: 'What is wrong, for a person' })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Each wrong field, for a program (400 only)' })
  errors?: FieldErrorDto[];
}

/** Documents error answers of an operation (status → description), all with the one ErrorBody schema. */
export function ApiErrorResponses(responses: Record<number, string>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(responses).map(([status, description]) => ApiResponse({ status: Number(status), description, type: ErrorBody })),
  );
}
