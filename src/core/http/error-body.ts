import { STATUS_CODES } from 'node:http';
import type { FieldError } from '../errors/domain-errors';
import { statusOf } from '../errors/error-codes';
import type { ErrorCode } from '../errors/error-codes';

/**
 * The one body of every error answer, without its OpenAPI description (error-response.ts
 * documents it as ErrorBody): what the relay loads, which must not load @nestjs/swagger.
 */
export interface ErrorBodyShape {
  statusCode: number;
  error: string;
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

/** The error body for a code: its status comes from the catalogue (ERROR_CODES). */
export function errorResponse(code: ErrorCode, message: string, errors?: FieldError[]): ErrorBodyShape {
  const statusCode = statusOf(code);
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', code, message, ...(errors?.length ? { errors } : {}) };
}
