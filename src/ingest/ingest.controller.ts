import { Body, Controller, HttpCode, Logger, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BATCH_BODY } from './json-body-parser';
import { IngestOutcome, IngestService } from './ingest.service';
import { EventSource } from './log-event';
import { FieldError } from '../openlineage/event-envelope';
import { BatchResponseDto, IngestErrorDto, IngestResponseDto } from './ingest.dto';

const RETRY_AFTER_SECONDS = '1';
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

function bodyOf(outcome: IngestOutcome): IngestResponseDto | IngestErrorDto {
  switch (outcome.status) {
    case 'invalid':
      return {
        statusCode: 400,
        error: 'Bad Request',
        message: outcome.errors.map((e) => `${e.field}: ${e.message}`).join('; '),
        errors: outcome.errors,
      };
    case 'unavailable':
      return { statusCode: 503, error: 'Service Unavailable', message: `${outcome.reason}; retry later` };
    default:
      return { status: outcome.status };
  }
}

/** HTTP only: status codes, headers and bodies. What happens to an event is IngestService's. */
@ApiTags('OpenLineage')
@Controller()
export class IngestController {
  private readonly logger = new Logger('Ingest');

  constructor(private readonly ingest: IngestService) {}

  @Post('api/v1/lineage')
  @ApiOperation({
    summary: 'Send one OpenLineage event (run, job or dataset event)',
    description:
      '201 once the event is committed (sync mode), 202 once queued (async mode), 200 when the identical event was already stored. ' +
      'Accepts Content-Encoding: gzip. 400 names the offending field; 503 with Retry-After when the store cannot take it now.',
  })
  @ApiBody({ schema: { type: 'object', description: 'An OpenLineage RunEvent, JobEvent or DatasetEvent (spec 2-0-2)' } })
  @ApiResponse({ status: 201, type: IngestResponseDto })
  @ApiResponse({ status: 202, type: IngestResponseDto })
  @ApiResponse({ status: 400, type: IngestErrorDto })
  @ApiResponse({ status: 413, description: 'Body larger than BODY_LIMIT_BYTES after decompression' })
  @ApiResponse({ status: 503, type: IngestErrorDto, description: 'Database unavailable, too slow, or async queue full' })
  async postEvent(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(body, request, reply);
  }

  /** Trino's listener posts to the bare transport URL when it carries a path, even a lone `/`. */
  @Post()
  @ApiOperation({ summary: 'Same as POST /api/v1/lineage, for producers configured with the bare URL' })
  @ApiBody({ schema: { type: 'object' } })
  @ApiResponse({ status: 201, type: IngestResponseDto })
  async postEventAtRoot(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(body, request, reply);
  }

  @Post('api/v1/lineage/batch')
  @HttpCode(200)
  @RouteConfig(BATCH_BODY)
  @ApiOperation({
    summary: 'Send a JSON array of OpenLineage events',
    description:
      'Each event is validated and stored on its own: valid events are stored even when others fail. ' +
      'The body follows the OpenLineage 2-0-2 batch response. 503 when no event could be stored for a retriable reason.',
  })
  @ApiBody({ schema: { type: 'array', items: { type: 'object' } } })
  @ApiResponse({ status: 200, type: BatchResponseDto })
  @ApiResponse({ status: 202, type: BatchResponseDto })
  @ApiResponse({ status: 400, type: IngestErrorDto })
  @ApiResponse({ status: 413, type: IngestErrorDto, description: 'More events than INGEST_BATCH_MAX_EVENTS, or a body larger than BODY_LIMIT_BYTES' })
  @ApiResponse({ status: 503, type: BatchResponseDto })
  async postBatch(@Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!Array.isArray(body)) {
      reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: '$: a batch must be a JSON array of events',
        errors: [{ field: '$', message: 'must be an array' }],
      });
      return;
    }
    const outcomes = await this.ingest.ingestBatch(body, sourceOf(request));
    const failed = outcomes
      .map((outcome, index) => ({ outcome, index }))
      .filter(({ outcome }) => outcome.status === 'invalid' || outcome.status === 'unavailable')
      .map(({ outcome, index }) => ({
        index,
        reason: (bodyOf(outcome) as IngestErrorDto).message,
        retriable: outcome.status === 'unavailable',
      }));
    const retriable = failed.filter((f) => f.retriable).length;
    const response: BatchResponseDto = {
      status: failed.length === 0 ? 'success' : 'partial_success',
      summary: {
        received: outcomes.length,
        successful: outcomes.length - failed.length,
        failed: failed.length,
        retriable,
        non_retriable: failed.length - retriable,
      },
      failed_events: failed,
    };
    if (outcomes.length > 0 && retriable === outcomes.length) {
      reply.code(503).header('Retry-After', RETRY_AFTER_SECONDS).send(response);
    } else {
      reply.code(outcomes.some((o) => o.status === 'queued') ? 202 : 200).send(response);
    }
  }

  private async answer(body: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const outcome = await this.ingest.ingest(body, sourceOf(request));
    if (outcome.status === 'invalid') {
      this.logger.warn({ errors: loggedFieldErrors(outcome.errors), errorCount: outcome.errors.length }, 'ingest: event refused (400)');
    }
    if (outcome.status === 'unavailable') reply.header('Retry-After', RETRY_AFTER_SECONDS);
    reply.code(STATUS[outcome.status]).send(bodyOf(outcome));
  }
}
