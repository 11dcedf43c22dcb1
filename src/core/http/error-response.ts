import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ErrorBody, FieldErrorBody } from './error-body';

export { errorResponse, FieldErrorsException } from './error-body';

/** One wrong field of a request: where, and what is wrong with it. */
export class FieldErrorDto implements FieldErrorBody {
  @ApiProperty({ example: 'run.runId', description: 'Path of the offending field; `$` is the whole body' })
  field!: string;

  @ApiProperty({ example: 'must be a UUID' })
  message!: string;
}

/** The one body of every 4xx (and of the ingest 503): see docs/api-conventions.md. */
export class ErrorResponseDto implements ErrorBody {
  @ApiProperty({ example: 400, description: 'The HTTP status code, repeated' })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request', description: 'The status text' })
  error!: string;

  @ApiProperty({ example: 'run.runId: must be a UUID', description: 'What is wrong, for a person' })
  message!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Each wrong field, for a program (400 only)' })
  errors?: FieldErrorDto[];
}


/** Documents error answers of an operation, all with the one ErrorResponseDto schema. */
export function ApiErrorResponses(responses: Record<number, string>): MethodDecorator {
  return applyDecorators(
    ...Object.entries(responses).map(([status, description]) => ApiResponse({ status: Number(status), description, type: ErrorResponseDto })),
  );
}
