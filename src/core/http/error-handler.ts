import { ArgumentsHost, Catch, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUnavailableError } from '../../database/database-errors';
import { clientErrorResponse } from './client-error';
import { allowedMethods } from './allowed-methods';
import { errorResponse } from './error-response';
import { discardRequestBody } from './lingering-close';

const RETRY_AFTER_SECONDS = '1';

/**
 * Every client error gets the one error body (ErrorResponseDto), whatever raised it: Nest's
 * HttpExceptions, FieldErrorsException (with the field list), PostgreSQL refusing a value the
 * client sent, and what Fastify refuses before a route runs (size limit, content encoding, media
 * type, malformed gzip), which Nest would otherwise answer 500. A database that is busy or
 * unreachable is a 503 with Retry-After, not a 500; a wrong method on a known path is a 405 with
 * Allow. Other 5xx keep Nest's handling.
 */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('HTTP');

  override catch(error: unknown, host: ArgumentsHost): void {
    if (error instanceof NotFoundException && this.methodNotAllowed(host)) return;
    if (isUnavailableError(error)) {
      // A read that found PostgreSQL busy (its pool, its statement timeout) or unreachable.
      void host
        .switchToHttp()
        .getResponse<FastifyReply>()
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send(errorResponse(503, 'the database is busy or unavailable; retry later'));
      return;
    }
    const body = clientErrorResponse(error);
    if (body === null) {
      if (!(error instanceof HttpException)) this.logger.error({ err: error }, 'unhandled error');
      super.catch(error, host);
      return;
    }
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const answer = () => void reply.code(body.statusCode).send(body);
    // A body too large is refused before it is read: read the rest first, or the client may
    // be reset while still sending and never see the 413.
    if (body.statusCode === 413) void discardRequestBody(host.switchToHttp().getRequest<FastifyRequest>().raw).then(answer);
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
      .send(errorResponse(405, `${request.method} is not allowed here; use ${allowed.join(', ')}`));
    return true;
  }
}
