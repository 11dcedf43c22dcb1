import { BadRequestException, Controller, Get, NotFoundException, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { EventReadRepository } from '../../log/event-read.repository';

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
  constructor(private readonly events: EventReadRepository) {}

  @Get(':id')
  @ApiOperation({ summary: 'One event of the log, as received, with the columns extracted from it' })
  @ApiOkResponse({ type: StoredEventDto })
  @ApiNotFoundResponse()
  async get(@Param('id') id: string): Promise<StoredEventDto> {
    if (!/^[1-9]\d{0,17}$/.test(id)) throw new BadRequestException('id must be an event id (a positive integer)');
    const row = await this.events.findById(id);
    if (!row) throw new NotFoundException(`no event with id ${id}`);
    const { payload, receivedAt, eventTime, ...columns } = row;
    return { ...columns, receivedAt: receivedAt.toISOString(), eventTime: eventTime.toISOString(), event: payload };
  }
}
