import { ArgumentsHost, Catch, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowedMethods } from './allowed-methods';
import { isDataError, isUnavailableError } from '../../database/database-errors';
import { discardRequestBody } from './lingering-close';

const RETRY_AFTER_SECONDS = '1';

/**
 * Fastify rejects some requests before a route runs (size limit, content encoding, media type,
 * malformed gzip); those errors carry a 4xx statusCode. Nest would answer them 500: answer them
 * with their own status and the routes' JSON shape instead, so a client error is never a 500.
 * A database that is busy or unreachable is a 503 with Retry-After, not a 500.
 */
@Catch()
export class ClientErrorFilter extends BaseExceptionFilter {
  private readonly logger = new Logger('HTTP');

  override catch(error: unknown, host: ArgumentsHost): void {
    // A body too large is refused before it is read: read the rest first, or the client may
    // be reset while still sending and never see the 413.
    const status = error instanceof HttpException ? error.getStatus() : (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 413) {
      void discardRequestBody(host.switchToHttp().getRequest<FastifyRequest>().raw).then(() => this.respond(error, host));
      return;
    }
    this.respond(error, host);
  }

  private respond(error: unknown, host: ArgumentsHost): void {
    if (error instanceof NotFoundException && this.methodNotAllowed(host)) return;
    if (isUnavailableError(error)) {
      // A read that found PostgreSQL busy (its pool, its statement timeout) or unreachable.
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      void reply
        .code(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ statusCode: 503, error: 'Service Unavailable', message: 'the database is busy or unavailable; retry later' });
      return;
    }
    if (isDataError(error)) {
      // PostgreSQL refused a value the client sent (e.g. U+0000 in a query parameter).
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      void reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: `invalid value: ${(error as Error).message}` });
      return;
    }
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (!(error instanceof HttpException) && typeof status === 'number' && status >= 400 && status < 500) {
      const reply = host.switchToHttp().getResponse<FastifyReply>();
      void reply.code(status).send({
        statusCode: status,
        error: STATUS_CODES[status],
        message: (error as Error).message,
        code: (error as { code?: string }).code,
      });
      return;
    }
    if (!(error instanceof HttpException)) this.logger.error({ err: error }, 'unhandled error');
    super.catch(error, host);
  }

  /** No route matched the method, but some route serves the path: 405 with the methods it takes. */
  private methodNotAllowed(host: ArgumentsHost): boolean {
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    if (!request.is404) return false;
    const allowed = allowedMethods((this.applicationRef as { getInstance(): FastifyInstance }).getInstance(), request.url);
    if (allowed.length === 0) return false;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    void reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send({ statusCode: 405, error: 'Method Not Allowed', message: `${request.method} is not allowed here; use ${allowed.join(', ')}` });
    return true;
  }
}
