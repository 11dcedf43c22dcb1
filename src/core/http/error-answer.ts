// The exceptions alone: @nestjs/common's index loads rxjs and more, which the relay does not need.
import { HttpException } from '@nestjs/common/exceptions';
import { isDataError, isUnavailableError } from '../../database/database-errors';
import { DomainError, FieldError } from '../errors/domain-errors';
import { ErrorCode } from '../errors/error-codes';

/** How an error is answered: its code (which gives the status), a message for a person, the wrong fields. */
export interface ErrorAnswer {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
}

/** What Fastify and @fastify/compress refuse before a route runs, by their error code. */
export const FASTIFY_ERROR_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_CP_ERR_INVALID_CONTENT_ENCODING: 'UNSUPPORTED_ENCODING',
  FST_CP_ERR_INVALID_CONTENT: 'UNREADABLE_BODY',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'UNREADABLE_BODY',
};

/** Another 4xx raised by Nest or Fastify (a route that does not exist, say), by its status. */
const CODE_OF_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

function statusOfError(error: unknown): number | null {
  const status = error instanceof HttpException ? error.getStatus() : (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : null;
}

/** HttpException keeps its message in its response: a string, or Nest's `{ message }` (a string or a list). */
function messageOf(error: unknown): string {
  if (!(error instanceof HttpException)) return String((error as Error | null)?.message ?? error);
  const response = error.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  return Array.isArray(message) ? message.join('; ') : String(message ?? error.message);
}

/**
 * The answer to any error that reaches the filter: a domain error has its own code; PostgreSQL
 * busy or unreachable is DATABASE_UNAVAILABLE, and refusing a value the client sent is
 * INVALID_PARAMETER (reads take nothing else from the client); Fastify's refusals by their code;
 * any other 4xx by its status (an unusual one as BAD_REQUEST); everything else is INTERNAL_ERROR.
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DomainError) return { code: error.code, message: error.message, errors: error.fieldErrors };
  if (isUnavailableError(error)) return { code: 'DATABASE_UNAVAILABLE', message: 'the database is busy or unavailable; retry later' };
  if (isDataError(error)) return { code: 'INVALID_PARAMETER', message: `invalid value: ${messageOf(error)}` };
  const fastifyCode = (error as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string' && fastifyCode in FASTIFY_ERROR_CODES) return { code: FASTIFY_ERROR_CODES[fastifyCode], message: messageOf(error) };
  const status = statusOfError(error);
  if (status !== null && status >= 400 && status < 500) return { code: CODE_OF_STATUS[status] ?? 'BAD_REQUEST', message: messageOf(error) };
  return { code: 'INTERNAL_ERROR', message: 'internal server error' };
}
