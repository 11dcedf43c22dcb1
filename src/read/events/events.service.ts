import { Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../core/errors/domain-errors';
import { EventReadRepository, StoredEventRow } from '../../log/event-read.repository';
import { decodeRunEventCursor, encodeRunEventCursor } from './run-event-cursor';
import { parseInstant } from '../../database/precise-timestamps';

/** totalCount of the run-event list counts exactly up to this many, then stops. */
export const RUN_EVENT_COUNT_CAP = 10_000;

export interface RunEventQuery {
  after?: string;
  before?: string;
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
  cursor?: string;
}

export interface RunEventPage {
  /** Each event's JSON text as received (see withRawJson). */
  eventTexts: string[];
  /** Run events in the window, exact up to RUN_EVENT_COUNT_CAP. */
  totalCount: number;
  nextCursor: string | null;
}

@Injectable()
export class EventsService {
  constructor(private readonly events: EventReadRepository) {}

  async findById(id: string): Promise<StoredEventRow> {
    if (!/^[1-9]\d{0,17}$/.test(id)) throw new InvalidInputError('INVALID_PARAMETER', 'id must be an event id (a positive integer)');
    const row = await this.events.findById(id);
    if (!row) throw new NotFoundError('EVENT_NOT_FOUND', `no event with id ${id}`);
    return row;
  }

  async runEvents(query: RunEventQuery): Promise<RunEventPage> {
    const beyond = query.cursor === undefined ? undefined : decodeRunEventCursor(query.cursor);
    if (beyond === null) throw new InvalidInputError('BAD_CURSOR', 'cursor is not a cursor returned by this endpoint');
    const window = {
      after: query.after === undefined ? undefined : parseInstant(query.after),
      before: query.before === undefined ? undefined : parseInstant(query.before),
    };
    // One extra row tells whether another page exists.
    const [rows, totalCount] = await Promise.all([
      this.events.runEventPage({ ...window, direction: query.direction, beyond, limit: query.limit + 1, offset: query.offset }),
      this.events.countRunEvents(window, RUN_EVENT_COUNT_CAP),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      eventTexts: page.map((r) => r.payloadText),
      totalCount,
      nextCursor: rows.length > query.limit && last ? encodeRunEventCursor(last.key) : null,
    };
  }
}
