import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The raw JSON held a `\u0000` or surrogate escape; only then are values searched for them. */
    jsonMayHoldUnstorableText?: boolean;
  }
}

/**
 * The JSON body parser (Nest's own is off): malformed JSON gets a 400 that says where, and the raw text is
 * checked once for escapes jsonb cannot store, so valid events need no extra walk.
 * Request decompression (@fastify/compress) runs before this, so the limit is on decoded bytes.
 */
/** `\u0000` or a surrogate escape (`\uD800`-`\uDFFF`): the only ways JSON can carry what jsonb refuses. */
const UNSTORABLE_ESCAPE = /\\u(0000|[dD][89a-fA-F])/;

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
        request.jsonMayHoldUnstorableText = UNSTORABLE_ESCAPE.test(text);
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
