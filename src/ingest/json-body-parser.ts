import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON held a `\u0000` escape; only then are values searched for U+0000. */
    jsonHasNulEscape?: boolean;
  }
}

/**
 * The JSON body parser (Nest's own is off): malformed JSON gets a 400 that says where, and the raw text is
 * checked once for `\u0000` (jsonb cannot store it) so valid events need no extra walk.
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
        done(new BadRequestException({ statusCode: 400, error: 'Bad Request', message: '$: the request body is empty; expected a JSON OpenLineage event' }));
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        request.jsonHasNulEscape = text.includes('\\u0000');
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
