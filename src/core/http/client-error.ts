import { statusOf } from '../errors/error-codes';
import { errorAnswer } from './error-answer';
import { ErrorBodyShape, errorResponse } from './error-body';

/**
 * The error body for an error meant for the client (a 4xx), whatever raised it: domain errors
 * with their code, PostgreSQL refusing a value the client sent, what Fastify refuses before a
 * route runs. Null for an error that is not the client's. The store's filter and the relay answer
 * the same input with the same body.
 */
export function clientErrorResponse(error: unknown): ErrorBodyShape | null {
  const answer = errorAnswer(error);
  const status = statusOf(answer.code);
  return status >= 400 && status < 500 ? errorResponse(answer.code, answer.message, answer.errors) : null;
}
