import { HttpException } from '@nestjs/common/exceptions';
import { isDataError } from '../../database/database-errors';
import { ErrorBody, errorResponse, FieldErrorsException } from './error-body';

/** The status of an error meant for the client (4xx), or null. */
export function clientStatus(error: unknown): number | null {
  if (isDataError(error)) return 400;
  const status = error instanceof HttpException ? error.getStatus() : (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** HttpException keeps its message in its response: a string, or Nest's `{ message }` (a string or a list). */
function messageOf(error: unknown): string {
  if (isDataError(error)) return `invalid value: ${(error as Error).message}`;
  if (!(error instanceof HttpException)) return (error as Error).message;
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
}

/**
 * The one error body (ErrorBody) for an error meant for the client, whatever raised it:
 * Nest's HttpExceptions, FieldErrorsException (with the field list), PostgreSQL refusing a value
 * the client sent, and what Fastify refuses before a route runs (size limit, content encoding,
 * media type, malformed gzip). Null for an error that is not the client's (a 5xx). The store's
 * ClientErrorFilter and the relay answer with it.
 */
export function clientErrorResponse(error: unknown): ErrorBody | null {
  const status = clientStatus(error);
  if (status === null) return null;
  return errorResponse(status, messageOf(error), error instanceof FieldErrorsException ? error.fieldErrors : undefined);
}
