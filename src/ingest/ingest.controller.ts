import { applyDecorators, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses } from '../core/http/error-response';
import { RETRY_AFTER_SECONDS } from '../core/errors/error-codes';
import { OPENLINEAGE_EVENT } from '../openlineage/openapi-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_BODY, bodyBytes, bodyElements } from './json-body-parser';
import { IngestOutcome, IngestService } from './ingest.service';
import { EventSource } from './log-event';
import { BatchResponseDto, IngestResponseDto } from './ingest.dto';
import { batchResponse } from './batch-response';
import type { RouteLogConfig } from '../core/observability/logging';

/**
 * Ingest answers are a few bytes: no response compression hooks (@fastify/compress), and no log
 * line per success (failures and slow requests are logged; metrics count every request).
 */
const INGEST_ROUTE: RouteLogConfig & { compress: false } = { compress: false, logSuccess: false };

const INGEST_ERRORS = {
  400: 'INVALID_EVENT (`errors` names each wrong field), INVALID_JSON (empty, not UTF-8 or malformed), UNREADABLE_BODY (corrupt gzip)',
  413: 'PAYLOAD_TOO_LARGE: body larger than BODY_LIMIT_BYTES after decompression',
  415: 'UNSUPPORTED_MEDIA_TYPE (not application/json) or UNSUPPORTED_ENCODING (a Content-Encoding other than gzip or deflate)',
};

function sourceOf(request: FastifyRequest): EventSource {
  const userAgent = request.headers['user-agent'];
  return { peerAddress: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

const STATUS: Record<IngestOutcome['status'], number> = { stored: 201, duplicate: 200, queued: 202 };

/** What both single-event routes answer. */
const SingleEventResponses = () =>
  applyDecorators(
    ApiResponse({ status: 200, type: IngestResponseDto, description: 'The identical event was already stored' }),
    ApiResponse({ status: 201, type: IngestResponseDto, description: 'Committed (sync mode)' }),
    ApiResponse({ status: 202, type: IngestResponseDto, description: 'Queued (async mode)' }),
    ApiErrorResponses(INGEST_ERRORS),
    ApiErrorResponses({ 503: 'OVERLOADED (async queue full, or not committed within INGEST_TIMEOUT_MS) or DATABASE_UNAVAILABLE; retry after Retry-After' }),
  );

/**
 * HTTP only: status codes, headers and bodies. What happens to an event is IngestService's.
 * The body is read from the request (no @Body(), so no pipe runs on the hot path).
 */
@ApiTags('Ingest')

@Controller()
export class IngestController {
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
  @ApiErrorResponses({
    ...INGEST_ERRORS,
    400: 'INVALID_BATCH (the body is not a JSON array), INVALID_JSON (an event is not JSON: `errors` names it), UNREADABLE_BODY',
    413: 'BATCH_TOO_LARGE (more events than INGEST_BATCH_MAX_EVENTS) or PAYLOAD_TOO_LARGE (a body larger than BODY_LIMIT_BYTES)',
  })
  @ApiResponse({ status: 503, type: BatchResponseDto, description: 'No event could be stored for a retriable reason: each failed event says OVERLOADED or DATABASE_UNAVAILABLE' })
  @RouteConfig({ ...INGEST_ROUTE, ...BATCH_BODY })
  async postBatch(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const outcomes = await this.ingest.ingestBatch(bodyElements(request), sourceOf(request));
    const response = batchResponse(outcomes);
    if (outcomes.length > 0 && response.summary.retriable === outcomes.length) {
      reply.code(503).header('Retry-After', String(RETRY_AFTER_SECONDS)).send(response);
    } else {
      reply.code(outcomes.some((o) => o.status === 'queued') ? 202 : 200).send(response);
    }
  }

  private async answer(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const outcome = await this.ingest.ingest(request.body, bodyBytes(request), sourceOf(request), request.id);
    reply.code(STATUS[outcome.status]).send(outcome);
  }
}
