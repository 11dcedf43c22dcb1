import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { ALL_ERROR_CODES, statusOf } from '../errors/error-codes';
import type { ErrorCode } from '../errors/error-codes';
import type { FieldError } from '../errors/domain-errors';

/** One wrong field of a request: where, and what is wrong with it. */
export class FieldErrorDto implements FieldError {
  @ApiProperty({ example: 'run.runId', description: 'Path of the offending field; `$` is the whole body' })
  field!: string;

  @ApiProperty({ example: 'must be a UUID' })
  message!: string;
}

/** The one body of every error answer (4xx and 5xx): see docs/api-errors.md. */
export class ErrorBody {
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

/** The error body for a code: its status comes from the catalogue (ERROR_CODES). */
export function errorResponse(code: ErrorCode, message: string, errors?: FieldError[]): ErrorBody {
  const statusCode = statusOf(code);
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message, ...(errors?.length ? { errors } : {}) };
}

/** Documents error answers of an operation (status → description), all with the one ErrorBody schema. */
export function ApiErrorResponses(responses: Record<number, string>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(responses).map(([status, description]) => ApiResponse({ status: Number(status), description, type: ErrorBody })),
  );
}
