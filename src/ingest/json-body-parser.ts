import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scanJsonShape, ShapeViolation } from './json-shape';

/** Fastify route config of a route whose body is a batch: its top-level array has its own limit. */
export const BATCH_BODY = { batchBody: true };

export interface BodyLimits {
  maxArrayElements: number;
  maxBatchEvents: number;
}

function refusal(violation: ShapeViolation): HttpException {
  if (violation.kind === 'batch') {
    const message = `a batch holds at most ${violation.limit} events (INGEST_BATCH_MAX_EVENTS); this one has more; split it`;
    return new PayloadTooLargeException({ statusCode: 413, error: 'Payload Too Large', message: `$: ${message}`, errors: [{ field: '$', message }] });
  }
  const message =
    violation.kind === 'array'
      ? `has more than ${violation.limit} elements; at most ${violation.limit} are accepted in one array (INGEST_MAX_ARRAY_ELEMENTS)`
      : `is nested deeper than ${violation.limit} levels`;
  return new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: `${violation.field}: ${message}`,
    errors: [{ field: violation.field, message }],
  });
}

/**
 * The JSON body parser (Nest's own is off): malformed JSON gets a 400 that says where.
 * Request decompression (@fastify/compress) runs before this, so the limit is on decoded bytes.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, limits: BodyLimits): void {
  // Events are JSON; a text/plain body is answered 415 rather than parsed as a string.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(new BadRequestException({ statusCode: 400, error: 'Bad Request', message: '$: the request body is empty; expected a JSON OpenLineage event' }));
        return;
      }
      const batch = (request.routeOptions.config as Partial<typeof BATCH_BODY> | undefined)?.batchBody === true;
      const violation = scanJsonShape(text, {
        maxArrayElements: limits.maxArrayElements,
        maxTopLevelElements: batch ? limits.maxBatchEvents : undefined,
      });
      if (violation) {
        done(refusal(violation));
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        done(null, parsed);
      } catch (error) {
        done(
          new BadRequestException({
            statusCode: 400,
            error: 'Bad Request',
            message: `$: malformed JSON: ${(error as Error).message}`,
            errors: [{ field: '$', message: 'malformed JSON' }],
          }),
        );
      }
    },
  );
}
