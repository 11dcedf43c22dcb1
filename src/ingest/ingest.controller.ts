import { applyDecorators, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ErrorResponseDto, errorResponse } from '../core/http/error-response';
import { OPENLINEAGE_EVENT } from '../openlineage/openapi-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_BODY, bodyBytes, bodyElements } from './json-body-parser';
import { IngestOutcome, IngestService } from './ingest.service';
import { EventSource } from './log-event';
import { FieldError } from '../openlineage/event-envelope';
import { BatchResponseDto, IngestResponseDto } from './ingest.dto';
import { batchResponse, invalidEventResponse, notABatchResponse } from './ingest-answers';
import type { RouteLogConfig } from '../core/observability/logging';

/**
 * Ingest answers are a few bytes: no response compression hooks (@fastify/compress), and no log
 * line per success (failures and slow requests are logged; metrics count every request).
 */
const INGEST_ROUTE: RouteLogConfig & { compress: false } = { compress: false, logSuccess: false };

const RETRY_AFTER_SECONDS = '1';
const INGEST_ERRORS = {
  400: 'Not an OpenLineage event: malformed JSON, or a field is missing or wrong (`errors` names each)',
  413: 'Body larger than BODY_LIMIT_BYTES after decompression',
  415: 'Not application/json, or a Content-Encoding other than gzip or deflate',
};
/** What a refused event's log line may carry: the field errors, bounded; never the body. */
const LOGGED_FIELD_ERRORS = 20;
const LOGGED_MESSAGE_CHARS = 200;

function loggedFieldErrors(errors: FieldError[]): FieldError[] {
  return errors.slice(0, LOGGED_FIELD_ERRORS).map(({ field, message }) => ({
    field: field.slice(0, LOGGED_MESSAGE_CHARS),
    message: message.length > LOGGED_MESSAGE_CHARS ? `${message.slice(0, LOGGED_MESSAGE_CHARS)}…` : message,
  }));
}

function sourceOf(request: FastifyRequest): EventSource {
  const userAgent = request.headers['user-agent'];
  return { peerAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

const STATUS: Record<IngestOutcome['status'], number> = {
  stored: 201,
  duplicate: 200,
  queued: 202,
  invalid: 400,
  unavailable: 503,
};

function bodyOf(outcome: IngestOutcome): IngestResponseDto | ErrorResponseDto {
  switch (outcome.status) {
    case 'invalid':
      return invalidEventResponse(outcome.errors);
    case 'unavailable':
      return errorResponse(503, `${outcome.reason}; retry later`);
    default:
      return { status: outcome.status };
  }
}

/** What both single-event routes answer. */
const SingleEventResponses = () =>
  applyDecorators(
    ApiResponse({ status: 200, type: IngestResponseDto, description: 'The identical event was already stored' }),
    ApiResponse({ status: 201, type: IngestResponseDto, description: 'Committed (sync mode)' }),
    ApiResponse({ status: 202, type: IngestResponseDto, description: 'Queued (async mode)' }),
    ApiErrorResponses(INGEST_ERRORS),
    ApiResponse({ status: 503, type: ErrorResponseDto, description: 'Database unavailable, too slow, or async queue full; retry after Retry-After' }),
  );

/**
 * HTTP only: status codes, headers and bodies. What happens to an event is IngestService's.
 * The body is read from the request (no @Body(), so no pipe runs on the hot path).
 */
@ApiTags('Ingest')

@Controller()
export class IngestController {
  private readonly logger = new Logger('Ingest');

  constructor(private readonly ingest: IngestService) {}

  @Post('api/v1/lineage')
  @ApiOperation({
    operationId: 'postLineageEvent',
    summary: 'Send one OpenLineage event (run, job or dataset event)',
    description:
      '201 once the event is committed (sync mode), 202 once queued (async mode), 200 when the identical event was already stored. ' +
      'Accepts Content-Encoding: gzip. 400 names the offending field; 503 with Retry-After when the store cannot take it now.',
  })
  @ApiBody({ schema: OPENLINEAGE_EVENT, description: 'An OpenLineage RunEvent, JobEvent or DatasetEvent (spec 2-0-2)' })
  @SingleEventResponses()
  @RouteConfig(INGEST_ROUTE)
  async postEvent(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(request, reply);
  }

  /** Trino's listener posts to the bare transport URL when it carries a path, even a lone `/`. */
  @Post()
  @ApiOperation({ operationId: 'postLineageEventAtRoot', summary: 'Same as POST /api/v1/lineage, for producers configured with the bare URL' })
  @ApiBody({ schema: OPENLINEAGE_EVENT })
  @SingleEventResponses()
  @RouteConfig(INGEST_ROUTE)
  async postEventAtRoot(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(request, reply);
  }

  @Post('api/v1/lineage/batch')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'postLineageBatch',
    summary: 'Send a JSON array of OpenLineage events',
    description:
      'Each event is validated and stored on its own: valid events are stored even when others fail. ' +
      'The body follows the OpenLineage 2-0-2 batch response. 503 when no event could be stored for a retriable reason.',
  })
  @ApiBody({ schema: { type: 'array', items: OPENLINEAGE_EVENT } })
  @ApiResponse({ status: 200, type: BatchResponseDto, description: 'Every event stored, or some refused (see failed_events)' })
  @ApiResponse({ status: 202, type: BatchResponseDto, description: 'Events queued (async mode)' })
  @ApiErrorResponses({ ...INGEST_ERRORS, 400: 'The body is not a JSON array', 413: 'More events than INGEST_BATCH_MAX_EVENTS, or a body larger than BODY_LIMIT_BYTES' })
  @ApiResponse({ status: 503, type: BatchResponseDto, description: 'No event could be stored for a retriable reason' })
  @RouteConfig({ ...INGEST_ROUTE, ...BATCH_BODY })
  async postBatch(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const texts = bodyElements(request);
    if (!texts) {
      reply.code(400).send(notABatchResponse());
      return;
    }
    const result = await this.ingest.ingestBatch(texts, sourceOf(request));
    if ('malformed' in result) {
      reply.code(400).send(invalidEventResponse([result.malformed]));
      return;
    }
    const outcomes = result.outcomes;
    const refusals = outcomes.map((outcome) =>
      outcome.status === 'invalid' || outcome.status === 'unavailable'
        ? { reason: (bodyOf(outcome) as ErrorResponseDto).message, retriable: outcome.status === 'unavailable' }
        : null,
    );
    const answer = batchResponse(refusals, outcomes.some((o) => o.status === 'queued') ? 202 : 200);
    if (answer.status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
    reply.code(answer.status).send(answer.body);
  }

  private async answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const outcome = await this.ingest.ingest(request.body, bodyBytes(request), sourceOf(request));
    if (outcome.status === 'invalid') {
      this.logger.warn({ requestId: request.id, errors: loggedFieldErrors(outcome.errors), errorCount: outcome.errors.length }, 'ingest: event refused (400)');
    }
    if (outcome.status === 'unavailable') reply.header('Retry-After', RETRY_AFTER_SECONDS);
    reply.code(STATUS[outcome.status]).send(bodyOf(outcome));
  }
}
