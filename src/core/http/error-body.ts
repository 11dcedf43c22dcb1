// The exceptions alone: @nestjs/common's index loads rxjs and more, which the relay does not need.
import { BadRequestException } from '@nestjs/common/exceptions';
import { STATUS_CODES } from 'node:http';

/**
 * The one body of every 4xx (and of the ingest 503), without its OpenAPI description
 * (error-response.ts documents it): what the relay loads, which must not load @nestjs/swagger.
 */
export interface FieldErrorBody {
  field: string;
  message: string;
}

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldErrorBody[];
}

export function errorResponse(statusCode: number, message: string, errors?: FieldErrorBody[]): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(errors?.length ? { errors } : {}) };
}

/** A 400 naming the wrong fields; ClientErrorFilter answers it with `errors`. */
export class FieldErrorsException extends BadRequestException {
  constructor(readonly fieldErrors: FieldErrorBody[]) {
    super(fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; '));
  }
}
