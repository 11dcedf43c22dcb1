import { Injectable } from '@nestjs/common';
import { InvalidInputError } from '../../core/errors/domain-errors';
import { EventReadRepository, RunEventTypeCounts } from '../../log/event-read.repository';
import { isTimeZone, StatBucket, statBuckets, StatsPeriod } from './stat-buckets';
import { CreatedKind, StatsRepository } from './stats.repository';

export interface StatsQuery {
  period: StatsPeriod;
  timezone?: string;
}

/** Which time puts an event in a bucket: the producer's eventTime (as Marquez) or when the store received it. */
export type TimeBasis = 'event' | 'received';

type Interval = Pick<StatBucket, 'startInterval' | 'endInterval'>;

@Injectable()
export class StatsService {
  constructor(
    private readonly events: EventReadRepository,
    private readonly stats: StatsRepository,
  ) {}

  async lineageEvents(query: StatsQuery & { basis?: TimeBasis }, now = new Date()): Promise<Array<Interval & RunEventTypeCounts>> {
    const buckets = this.buckets(query, now);
    const counts = await this.events.runEventTypeCounts(buckets, query.basis ?? 'event');
    return buckets.map((b, i) => ({ startInterval: b.startInterval, endInterval: b.endInterval, ...counts[i] }));
  }

  async created(kind: CreatedKind, query: StatsQuery, now = new Date()): Promise<Array<Interval & { count: number }>> {
    const buckets = this.buckets(query, now);
    const counts = await this.stats.cumulativeCreated(kind, buckets);
    return buckets.map((b, i) => ({ startInterval: b.startInterval, endInterval: b.endInterval, count: counts[i] }));
  }

  private buckets(query: StatsQuery, now: Date): StatBucket[] {
    if (query.timezone !== undefined && !isTimeZone(query.timezone)) {
      throw new InvalidInputError('INVALID_PARAMETER', 'timezone must be an IANA time zone such as Europe/Berlin');
    }
    if (query.period === 'WEEK' && query.timezone === undefined) {
      throw new InvalidInputError('INVALID_PARAMETER', 'timezone is required when period is WEEK');
    }
    return statBuckets(query.period, query.timezone ?? 'UTC', now);
  }
}
