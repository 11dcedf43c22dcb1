/** The width of a log partition (LOG_PARTITION_INTERVAL). Every boundary is a UTC midnight. */
export type PartitionInterval = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

/** The boundary at or before `time`: its UTC day, the Monday of its ISO week, or the 1st of its month. */
export function boundaryAtOrBefore(time: Date, interval: PartitionInterval): Date {
  const day = Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());
  if (interval === 'day') return new Date(day);
  if (interval === 'week') return new Date(day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS);
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), 1));
}

/** The first boundary strictly after `time`. */
export function nextBoundary(time: Date, interval: PartitionInterval): Date {
  const start = boundaryAtOrBefore(time, interval);
  if (interval === 'day') return new Date(start.getTime() + DAY_MS);
  if (interval === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * How far ahead of the clock partitions must exist: three intervals, and at least a week, so that
 * a store whose maintenance failed for days still finds a partition for every event it receives.
 */
export function coverUntil(now: Date, interval: PartitionInterval): Date {
  let until = now;
  for (let i = 0; i < 3; i++) until = nextBoundary(until, interval);
  return new Date(Math.max(until.getTime(), now.getTime() + 7 * DAY_MS));
}

/** `lineage_events_p20261207`: the log's partition starting at `from` (a UTC midnight). */
export function partitionName(from: Date): string {
  return `lineage_events_p${from.toISOString().slice(0, 10).replace(/-/g, '')}`;
}

/**
 * The partitions to create so that [lastEnd, until) is covered: a gap before the current
 * interval (a store that was down) is one partition; from there on, one per interval.
 */
export function partitionsToCreate(lastEnd: Date, now: Date, until: Date, interval: PartitionInterval): Array<{ from: Date; to: Date }> {
  const ranges: Array<{ from: Date; to: Date }> = [];
  let from = lastEnd;
  const current = boundaryAtOrBefore(now, interval);
  if (from < current) {
    ranges.push({ from, to: current });
    from = current;
  }
  while (from < until) {
    const to = nextBoundary(from, interval);
    ranges.push({ from, to });
    from = to;
  }
  return ranges;
}
