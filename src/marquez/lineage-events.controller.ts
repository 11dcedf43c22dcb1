import { Controller, Get, Header, Query } from '@nestjs/common';
import { JSON_CONTENT_TYPE, withRawJson } from '../core/http/raw-json';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EventsService } from '../read/events/events.service';
import { LineageEventListDto, LineageEventsQuery } from './lineage-events.dto';

@ApiTags('Marquez: events')
@Controller('api/v1/events')
export class LineageEventsController {
  constructor(private readonly events: EventsService) {}

  @Get('lineage')
  @ApiOperation({
    operationId: 'listLineageEvents',
    summary: 'Received OpenLineage run events by event time (Marquez getLineageEvents)',
    description: 'Run events only, as Marquez; after inclusive, before exclusive. Offset paging as Marquez, or keyset paging with cursor.',
  })
  @ApiOkResponse({ type: LineageEventListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER (a query parameter; the message names it) or BAD_CURSOR' })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async list(@Query() query: LineageEventsQuery): Promise<string> {
    // The events go out as their producers sent them (a LineageEventListDto's JSON).
    const { eventTexts, ...page } = await this.events.runEvents({
      after: query.after,
      before: query.before,
      direction: query.sortDirection ?? 'desc',
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
      cursor: query.cursor,
    });
    return withRawJson(page, 'events', `[${eventTexts.join(',')}]`);
  }
}
