import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FieldErrorsException } from '../core/http/error-response';

/**
 * The JSON body parser (Nest's own is off): malformed JSON gets a 400 that says where.
 * Request decompression (@fastify/compress) runs before this, so the limit is on decoded bytes.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  // Events are JSON; a text/plain body is answered 415 rather than parsed as a string.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(new FieldErrorsException([{ field: '$', message: 'the request body is empty; expected a JSON OpenLineage event' }]));
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        done(null, parsed);
      } catch (error) {
        done(new FieldErrorsException([{ field: '$', message: `malformed JSON: ${(error as Error).message}` }]));
      }
    },
  );
}
