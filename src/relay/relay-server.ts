import compress from '@fastify/compress';
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { allowedMethods } from '../core/http/allowed-methods';
import { clientErrorResponse } from '../core/http/client-error';
import { errorResponse } from '../core/http/error-body';
import { discardRequestBody } from '../core/http/lingering-close';
import { requestId } from '../core/http/request-hooks';
import { EventLoopSlices } from '../core/event-loop-slices';
import { logCompletedRequest } from '../core/observability/logging';
import { FieldError } from '../openlineage/event-envelope';
import { checkEvent } from '../ingest/event-check';
import { batchResponse, bodyOf, EventRefusal, invalidEvent, malformedBatchEvent, notABatch } from '../ingest/ingest-answers';
import { BATCH_BODY, bodyBytes, bodyElements, registerJsonBodyParser } from '../ingest/json-body-parser';
import type { RecordMeta } from './spool/record';
import { Spool, SpoolFullError } from './spool/spool';
import type { Forwarder } from './forwarder';
import type { RelayEnvironment } from './relay-environment';
import type { RelayMetrics } from './relay-metrics';

const RETRY_AFTER_SECONDS = '1';
/** Ingest answers are a few bytes: no response compression; a log line for failures only. */
const INGEST_ROUTE = { compress: false as const, logSuccess: false };
const LOGGED_FIELD_ERRORS = 5;

export interface RelayServerParts {
  env: RelayEnvironment;
  spool: Spool;
  forwarder: Forwarder;
  metrics: RelayMetrics;
  /** The relay's own lines (context: relay). */
  log: Logger;
  /** Request lines (context: http). */
  httpLog: Logger;
}

type Checked = { text: Buffer; meta: RecordMeta } | { errors: FieldError[] };

/**
 * The relay's HTTP side: the store's ingest routes, refusing what the store would refuse with the
 * store's own checks and error bodies, and answering 201 only once an event is on disk.
 */
export class RelayServer {
  readonly fastify: FastifyInstance;
  private shuttingDown = false;

  constructor(private readonly parts: RelayServerParts) {
    const { env } = parts;
    this.fastify = Fastify({
      // Requests are logged by the onResponse hook below (failures and slow ones), as in the store.
      logger: false,
      bodyLimit: env.BODY_LIMIT_BYTES,
      trustProxy: false,
      requestIdHeader: false,
      genReqId: requestId,
      keepAliveTimeout: 72_000,
      requestTimeout: 30_000,
      routerOptions: { ignoreTrailingSlash: true },
    });
  }

  async listen(): Promise<string> {
    await this.routes();
    return this.fastify.listen({ port: this.parts.env.RELAY_PORT, host: this.parts.env.RELAY_HOST });
  }

  /** Readiness turns 503, then the listener closes and requests under way finish. */
  async close(): Promise<void> {
    this.shuttingDown = true;
    await this.fastify.close();
  }

  async routes(): Promise<void> {
    const { fastify, parts } = this;
    await fastify.register(compress, { global: true, requestEncodings: ['gzip', 'deflate'], encodings: ['gzip', 'deflate'] });
    registerJsonBodyParser(fastify, { maxArrayElements: parts.env.INGEST_MAX_ARRAY_ELEMENTS, maxBatchEvents: parts.env.INGEST_BATCH_MAX_EVENTS });
    fastify.setErrorHandler((error, request, reply) => this.answerError(error, request, reply));
    fastify.setNotFoundHandler((request, reply) => this.answerNotFound(request, reply));
    fastify.addHook('onSend', (_request, reply, payload, done) => {
      if (this.shuttingDown) void reply.header('connection', 'close');
      done(null, payload);
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      logCompletedRequest(parts.httpLog, request, reply, request.is404 ? null : (request.routeOptions.url ?? null));
      done();
    });

    const single = (request: FastifyRequest, reply: FastifyReply) => this.postEvent(request, reply);
    fastify.post('/api/v1/lineage', { config: INGEST_ROUTE }, single);
    // Trino's listener posts to the bare transport URL when it carries a path, even a lone `/`.
    fastify.post('/', { config: INGEST_ROUTE }, single);
    fastify.post('/api/v1/lineage/batch', { config: { ...INGEST_ROUTE, ...BATCH_BODY } }, (request, reply) => this.postBatch(request, reply));

    fastify.get('/health/live', async () => ({ status: 'ok' }));
    fastify.get('/health/ready', async (_request, reply) => {
      if (this.shuttingDown) return reply.code(503).send({ status: 'shutting_down' });
      return { status: 'ok' };
    });
    fastify.get('/metrics', async (_request, reply) => {
      const text = await parts.metrics.registry.metrics();
      return reply.type(parts.metrics.registry.contentType).send(text);
    });
  }

  private async postEvent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const text = bodyBytes(request);
    const checked = this.check(request.body, text);
    if ('errors' in checked) {
      this.refuseInvalid(request, checked.errors);
      reply.code(400).send(bodyOf(invalidEvent(checked.errors)));
      return;
    }
    const refusal = await this.spoolEvents([checked]);
    if (refusal) {
      reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).send(errorResponse(refusal.code, refusal.reason));
      return;
    }
    reply.code(201).send({ status: 'spooled' });
  }

  /** As the store: each event is taken or refused on its own, but text that is not JSON refuses the whole batch. */
  private async postBatch(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const texts = bodyElements(request);
    if (!texts) {
      reply.code(400).send(bodyOf(notABatch()));
      return;
    }
    const checked: Checked[] = [];
    const slices = new EventLoopSlices();
    for (const [i, text] of texts.entries()) {
      let body: unknown;
      try {
        body = JSON.parse(text.toString('utf8'));
      } catch (error) {
        reply.code(400).send(bodyOf(malformedBatchEvent(i, error as Error)));
        return;
      }
      checked.push(this.check(body, text));
      await slices.next();
    }
    const valid = checked.filter((c): c is Exclude<Checked, { errors: FieldError[] }> => !('errors' in c));
    const spoolRefusal = valid.length > 0 ? await this.spoolEvents(valid) : null;
    const refusals: Array<EventRefusal | null> = checked.map((c) => {
      if (!('errors' in c)) return spoolRefusal;
      this.refuseInvalid(request, c.errors);
      const refused = invalidEvent(c.errors);
      return { code: refused.code, reason: refused.message, retriable: false };
    });
    const answer = batchResponse(refusals, 200);
    if (answer.status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
    reply.code(answer.status).send(answer.body);
  }

  private check(body: unknown, text: Buffer): Checked {
    const checked = checkEvent(body, text);
    if ('errors' in checked) return checked;
    return { text, meta: { receivedAt: Date.now(), runId: checked.event.runId } };
  }

  /** Spools the events (all or none) and hands them to the forwarder; null, or why they were not taken. */
  private async spoolEvents(events: Array<{ text: Buffer; meta: RecordMeta }>): Promise<EventRefusal | null> {
    const { spool, forwarder, metrics } = this.parts;
    try {
      forwarder.add(
        await spool.append(
          events.map((e) => e.text),
          events.map((e) => e.meta),
        ),
      );
      metrics.spooled(events.length);
      return null;
    } catch (error) {
      const full = error instanceof SpoolFullError;
      metrics.refusedAtRelay(full ? 'spool_full' : 'spool_error', events.length);
      return { code: 'OVERLOADED', reason: `${(error as Error).message}; retry later`, retriable: true };
    }
  }

  private refuseInvalid(request: FastifyRequest, errors: FieldError[]): void {
    this.parts.metrics.refusedAtRelay('invalid');
    this.parts.log.warn(
      { requestId: request.id, errors: errors.slice(0, LOGGED_FIELD_ERRORS).map((e) => ({ field: e.field.slice(0, 200), message: e.message.slice(0, 200) })), errorCount: errors.length },
      'relay: event refused (400)',
    );
  }

  private answerError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const body = clientErrorResponse(error);
    if (body === null) {
      this.parts.log.error({ err: error, requestId: request.id }, 'unhandled error');
      void reply.code(500).send(errorResponse('INTERNAL_ERROR', 'internal server error'));
      return;
    }
    // A body too large is refused before it is read: read the rest first, or the client may be
    // reset while still sending and never see the 413.
    if (body.statusCode === 413) void discardRequestBody(request.raw).then(() => reply.code(413).send(body));
    else void reply.code(body.statusCode).send(body);
  }

  /** As the store: 405 with Allow on a known path, else 404. */
  private answerNotFound(request: FastifyRequest, reply: FastifyReply): void {
    const allowed = allowedMethods(this.fastify, request.url);
    if (allowed.length > 0) {
      void reply.code(405).header('allow', allowed.join(', ')).send(errorResponse('METHOD_NOT_ALLOWED', `${request.method} is not allowed here; use ${allowed.join(', ')}`));
      return;
    }
    void reply.code(404).send(errorResponse('NOT_FOUND', `Cannot ${request.method} ${request.url}`));
  }
}
