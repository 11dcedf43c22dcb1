import { HttpException, PayloadTooLargeException } from '@nestjs/common';
import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldErrorsException } from '../core/http/error-response';
import { scanJsonShape, ShapeViolation } from './json-shape';
import { trimJsonWhitespace } from './json-text';

const BODY_BYTES = Symbol('metadata-store.body-bytes');
const NO_BODY = Buffer.alloc(0);

type WithBytes = FastifyRequest & { [BODY_BYTES]?: Buffer };

/** Fastify route config of a route whose body is a batch: its top-level array has its own limit. */
export const BATCH_BODY = { batchBody: true };

export interface BodyLimits {
  maxArrayElements: number;
  maxBatchEvents: number;
}

function refusal(violation: ShapeViolation): HttpException {
  if (violation.kind === 'batch') {
    return new PayloadTooLargeException(`$: a batch holds at most ${violation.limit} events (INGEST_BATCH_MAX_EVENTS); this one has more; split it`);
  }
  const message =
    violation.kind === 'array'
      ? `has more than ${violation.limit} elements; at most ${violation.limit} are accepted in one array (INGEST_MAX_ARRAY_ELEMENTS)`
      : `is nested deeper than ${violation.limit} levels`;
  return new FieldErrorsException([{ field: violation.field, message }]);
}

/**
 * The JSON text of the request body as received, as UTF-8 bytes (decoded, without surrounding
 * whitespace); empty when the request had no body this parser read.
 */
export function bodyBytes(request: FastifyRequest): Buffer {
  return (request as WithBytes)[BODY_BYTES] ?? NO_BODY;
}

const badRequest = (message: string) => new FieldErrorsException([{ field: '$', message }]);

/**
 * The JSON body parser (Nest's own is off). Fastify reads the body as bytes, after request
 * decompression (@fastify/compress), so BODY_LIMIT_BYTES applies to the decoded size, whether
 * it came with Content-Length or chunked. Bytes that are not UTF-8 are refused rather than
 * replaced; malformed JSON gets a 400 that says where. The text is kept for the log, which
 * stores and hashes it as received.
 */
export function registerJsonBodyParser(fastify: FastifyInstance, limits: BodyLimits): void {
  // Events are JSON; a text/plain body is answered 415 rather than parsed as a string.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const bytes = typeof body === 'string' ? Buffer.from(body) : body;
      if (!isUtf8(bytes)) {
        done(badRequest('the request body is not valid UTF-8'));
        return;
      }
      const trimmed = trimJsonWhitespace(bytes);
      if (trimmed.length === 0) {
        done(badRequest('the request body is empty; expected a JSON OpenLineage event'));
        return;
      }
      const text = trimmed.toString('utf8');
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
        (request as WithBytes)[BODY_BYTES] = trimmed;
        done(null, parsed);
      } catch (error) {
        done(badRequest(`malformed JSON: ${(error as Error).message}`));
      }
    },
  );
}
