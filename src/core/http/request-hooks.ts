import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ShutdownState } from '../shutdown-state.service';
import type { Logger as PinoInstance } from 'pino';
import { logCompletedRequest } from '../observability/logging';
import { HttpMetrics } from '../observability/metrics';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the caller's `x-request-id` when it is a sane token (a proxy or Trino may
 * set one), otherwise a new UUID. Echoed in the response header by the onRequest hook.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * The hooks every request passes through:
 * - onRequest: echo the request id;
 * - onSend: while shutting down, answer with `Connection: close` so that keep-alive clients move
 *   to another replica and no socket holds the drain open;
 * - onResponse: the request duration histogram, labelled with the route template, and the
 *   request's log line (see logCompletedRequest for which requests get one);
 * - preClose: records when the listener closes (for the shutdown log line).
 */
export function registerRequestHooks(
  adapter: FastifyAdapter,
  fastify: FastifyInstance,
  shutdown: ShutdownState,
  metrics: HttpMetrics,
  logger: PinoInstance,
): void {
  adapter.setOnRequestHook((request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (shutdown.shuttingDown) void reply.header('connection', 'close');
    done(null, payload);
  });
  // preClose runs right before Fastify calls server.close(): from then on no new connection.
  fastify.addHook('preClose', (done) => {
    shutdown.listenerClosing();
    done();
  });
  adapter.setOnResponseHook((request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = routeTemplate(request);
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    logCompletedRequest(logger, request, reply, route);
    done();
  });
}

/** The route as registered (`/api/v1/datasets/:id`), or null for a request no route matched. */
function routeTemplate(request: FastifyRequest): string | null {
  if (request.is404) return null;
  return request.routeOptions?.url ?? null;
}
