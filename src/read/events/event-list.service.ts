import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../core/errors/domain-errors';
import { EventListFilter, EventListRepository, EventSummaryRow } from './event-list.repository';

/** totalCount of the events list counts exactly up to this many. */
export const EVENT_LIST_COUNT_CAP = 10_000;

export type EventListQuery = Omit<EventListFilter, 'beforeId'> & { cursor?: string; limit: number };

export interface EventListPage {
  events: EventSummaryRow[];
  totalCount: number;
  nextCursor: string | null;
}

/** The log newest received first, filtered, in keyset pages. */
@Injectable()
export class EventListService {
  constructor(private readonly events: EventListRepository) {}

  async page({ cursor, limit, ...filter }: EventListQuery): Promise<EventListPage> {
    const beforeId = cursor === undefined ? undefined : decodeCursor(cursor);
    if (beforeId === null) throw new InvalidInputError('BAD_CURSOR', 'cursor is not a cursor returned by this endpoint');
    // One extra row tells whether another page exists.
    const [rows, totalCount] = await Promise.all([
      this.events.page({ ...filter, beforeId }, limit + 1),
      this.events.count(filter, EVENT_LIST_COUNT_CAP),
    ]);
    const events = rows.slice(0, limit);
    const last = events[events.length - 1];
    return { events, totalCount, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
  }
}

function encodeCursor(id: string): string {
  return Buffer.from(`log:${id}`).toString('base64url');
}

function decodeCursor(value: string): string | null {
  const match = /^log:([1-9]\d{0,17})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  return match ? match[1] : null;
}
