import { ArgumentsHost, Catch, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETRY_AFTER_SECONDS, statusOf } from '../errors/error-codes';
import { allowedMethods } from './allowed-methods';
import { errorAnswer } from './error-answer';
import { errorResponse } from './error-response';
import { discardRequestBody } from './lingering-close';

/**
 * The one place errors become HTTP answers: every error gets ErrorBody with its code
 * (errorAnswer says which), whatever raised it: domain errors, pipes, PostgreSQL, and what
 * Fastify refuses before a route runs. A 503 carries Retry-After; a wrong method on a known path
 * is a 405 with Allow. A 5xx HttpException keeps its own body (the readiness probe's, which
 * carries its code); anything unexpected is logged and answered INTERNAL_ERROR.
 */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('HTTP');

  override catch(error: unknown, host: ArgumentsHost): void {
    if (error instanceof NotFoundException && this.methodNotAllowed(host)) return;
    if (error instanceof HttpException && error.getStatus() >= 500) {
      super.catch(error, host);
      return;
    }
    const { code, message, errors } = errorAnswer(error);
    if (code === 'INTERNAL_ERROR') this.logger.error({ err: error }, 'unhandled error');
    const status = statusOf(code);
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (reply.sent) return;
    if (status === 503) void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    const answer = () => void reply.code(status).send(errorResponse(code, message, errors));
    // A body too large is refused before it is read: read the rest first, or the client may
    // be reset while still sending and never see the 413.
    if (status === 413) void discardRequestBody(host.switchToHttp().getRequest<FastifyRequest>().raw).then(answer);
    else answer();
  }

  /** No route matched the method, but some route serves the path: 405 with the methods it takes. */
  private methodNotAllowed(host: ArgumentsHost): boolean {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (!request.is404) return false;
    const allowed = allowedMethods((this.applicationRef as { getInstance(): FastifyInstance }).getInstance(), request.url);
    if (allowed.length === 0) return false;
    void host
      .switchToHttp()
      .getResponse<FastifyReply>()
      .code(405)
      .header('allow', allowed.join(', '))
      .send(errorResponse('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allowed.join(', ')}`));
    return true;
  }
}

/**
 * Fastify's `frameworkErrors`: what its router refuses before Nest sees the request (a URL whose
 * percent-encoding is malformed) gets ErrorBody too, not Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { code, message } = errorAnswer(error);
  void reply.code(statusOf(code)).send(errorResponse(code, message));
}
