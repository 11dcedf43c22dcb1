import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldErrorsException } from '../core/http/error-response';
import { trimJsonWhitespace } from './json-text';

const BODY_BYTES = Symbol('metadata-store.body-bytes');
const NO_BODY = Buffer.alloc(0);

type WithBytes = FastifyRequest & { [BODY_BYTES]?: Buffer };

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
export function registerJsonBodyParser(fastify: FastifyInstance): void {
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
      try {
        const parsed: unknown = JSON.parse(trimmed.toString('utf8'));
        (request as WithBytes)[BODY_BYTES] = trimmed;
        done(null, parsed);
      } catch (error) {
        done(badRequest(`malformed JSON: ${(error as Error).message}`));
      }
    },
  );
}
