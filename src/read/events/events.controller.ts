import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { JSON_CONTENT_TYPE, withRawJson } from '../../core/http/raw-json';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { EventListDto, EventListQueryDto } from './event-list.dto';
import { EventListService } from './event-list.service';
import { EventsService } from './events.service';
import { parseInstant } from '../../database/precise-timestamps';

export class StoredEventDto {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'date-time' }) receivedAt!: string;
  @ApiProperty({ enum: ['run', 'job', 'dataset'] }) eventKind!: string;
  @ApiProperty({ nullable: true, type: String }) eventType!: string | null;
  @ApiProperty({ format: 'date-time' }) eventTime!: string;
  @ApiProperty({ nullable: true, type: String }) runId!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobNamespace!: string | null;
  @ApiProperty({ nullable: true, type: String }) jobName!: string | null;
  @ApiProperty({ nullable: true, type: String }) producer!: string | null;
  @ApiProperty({ example: 'anonymous' }) sourceType!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The event as received' })
  event!: Record<string, unknown>;
}

@ApiTags('Events')
@Controller('api/v1/events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly list: EventListService,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listEvents',
    summary: 'The log, newest received first: every kind of event, filtered by kind, type, job namespace, run and received time',
    description: 'Summaries without payloads; GET /api/v1/events/{id} returns one event as received. Keyset paging by cursor.',
  })
  @ApiOkResponse({ type: EventListDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER (a query parameter; the message names it) or BAD_CURSOR' })
  async all(@Query() query: EventListQueryDto): Promise<EventListDto> {
    const page = await this.list.page({
      kind: query.kind,
      eventType: query.eventType,
      namespace: query.namespace,
      runId: query.runId?.toLowerCase(),
      receivedAfter: query.after ? parseInstant(query.after) : undefined,
      receivedBefore: query.before ? parseInstant(query.before) : undefined,
      cursor: query.cursor,
      limit: query.limit ?? 50,
    });
    return {
      ...page,
      events: page.events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString(), eventTime: e.eventTime.toISOString() })),
    };
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getEvent', summary: 'One event of the log, as received, with the columns extracted from it' })
  @ApiOkResponse({ type: StoredEventDto })
  @ApiBadRequestResponse({ description: 'INVALID_PARAMETER: the id is not an event id' })
  @ApiNotFoundResponse({ description: 'EVENT_NOT_FOUND: no event with this id' })
  @Header('Content-Type', JSON_CONTENT_TYPE)
  async get(@Param('id') id: string): Promise<string> {
    const { payloadText, receivedAt, eventTime, ...columns } = await this.events.findById(id);
    return withRawJson({ ...columns, receivedAt: receivedAt.toISOString(), eventTime: eventTime.toISOString() }, 'event', payloadText);
  }
}
