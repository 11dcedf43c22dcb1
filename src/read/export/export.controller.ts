import { Readable } from 'node:stream';
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorResponses } from '../../core/http/error-response';
import { EXPORT_PAGE_DEFAULT, EventExportService } from './event-export.service';
import { ExportEventsQuery } from './export.dto';
import { parseInstant } from '../../database/precise-timestamps';

export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';

/** NDJSON is not in mime-db, so @fastify/compress is told it compresses (gzip or deflate, by Accept-Encoding). */
const COMPRESS_NDJSON = { compress: { customTypes: /^application\/x-ndjson/ } };

/** The URL of the next page: this request's, with the cursor replaced. */
function nextPageUrl(request: FastifyRequest, cursor: string): string {
  const url = new URL(request.url, 'http://store');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}

@ApiTags('Events')
@Controller('api/v1/export')
export class ExportController {
  constructor(private readonly exporter: EventExportService) {}

  @Get('events')
  @ApiOperation({
    operationId: 'listExportedEvents',
    summary: 'The log as NDJSON: one event a line, as received',
    description:
      'Events in log order, each line the bytes the store received (a line break between tokens of a pretty-printed event ' +
      'becomes a space), filtered by received time and namespace. A response covers at most `limit` events of the log; when ' +
      'more follow, the `Next-Cursor` header (and `Link: rel="next"`) gives the next page; an interrupted page is fetched again ' +
      'with the same cursor. gzip or deflate with Accept-Encoding. The lines of `metadata-store import --from FILE`.',
  })
  @ApiProduces(NDJSON_CONTENT_TYPE)
  @ApiResponse({
    status: 200,
    description: 'The page, streamed',
    content: { [NDJSON_CONTENT_TYPE]: { schema: { type: 'string' } } },
    headers: {
      'Next-Cursor': { description: 'Pass as `cursor` (same filters) for the next page; absent on the last page', schema: { type: 'string' } },
      Link: { description: '`<url>; rel="next"` when there is a next page', schema: { type: 'string' } },
    },
  })
  @ApiErrorResponses({ 400: 'INVALID_PARAMETER (a query parameter; the message names it) or BAD_CURSOR' })
  @RouteConfig(COMPRESS_NDJSON)
  async list(@Query() query: ExportEventsQuery, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.exporter.page({
      after: query.after === undefined ? undefined : parseInstant(query.after),
      before: query.before === undefined ? undefined : parseInstant(query.before),
      namespace: query.namespace,
      cursor: query.cursor,
      limit: query.limit ?? EXPORT_PAGE_DEFAULT,
    });
    if (page.nextCursor) {
      reply.header('Next-Cursor', page.nextCursor).header('Link', `<${nextPageUrl(request, page.nextCursor)}>; rel="next"`);
    }
    // Readable.from pulls the next chunk only when the socket (or the compressor) wants more.
    await reply.type(NDJSON_CONTENT_TYPE).send(Readable.from(page.lines, { objectMode: false }));
  }
}
