export type StatsPeriod = 'DAY' | 'WEEK';
export const STATS_PERIODS: StatsPeriod[] = ['DAY', 'WEEK'];

/** One bucket: its labels as Marquez writes them, and the instants it counts, [from, to). */
export interface StatBucket {
  startInterval: string;
  endInterval: string;
  from: Date;
  to: Date;
}

const HOUR = 3_600_000;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Marquez's buckets. DAY: the current UTC hour and the 23 before it, true instants. WEEK: today
 * and the 6 days before it in `timeZone`, each labelled with its local midnight written as UTC
 * (`2024-05-01T00:00:00Z` is 1 May local), which is what Marquez's UI expects; the counted
 * instants are the real local midnights.
 */
export function statBuckets(period: StatsPeriod, timeZone: string, now: Date): StatBucket[] {
  if (period === 'DAY') {
    const hour = Math.floor(now.getTime() / HOUR) * HOUR;
    return Array.from({ length: 24 }, (_, i) => {
      const from = new Date(hour - (23 - i) * HOUR);
      const to = new Date(from.getTime() + HOUR);
      return { startInterval: label(from), endInterval: label(to), from, to };
    });
  }
  const today = localDate(now, timeZone);
  return Array.from({ length: 7 }, (_, i) => {
    const day = Date.UTC(today.year, today.month - 1, today.day - (6 - i));
    const next = day + 24 * HOUR;
    return {
      startInterval: label(new Date(day)),
      endInterval: label(new Date(next)),
      from: new Date(localMidnight(day, timeZone)),
      to: new Date(localMidnight(next, timeZone)),
    };
  });
}

function label(instant: Date): string {
  return instant.toISOString().replace('.000Z', 'Z');
}

function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; asUtc: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const [year, month, day] = [get('year'), get('month'), get('day')];
  return { year, month, day, asUtc: Date.UTC(year, month - 1, day, get('hour'), get('minute'), get('second')) };
}

function localDate(now: Date, timeZone: string): { year: number; month: number; day: number } {
  return wallClock(now.getTime(), timeZone);
}

/** The instant of local midnight on the calendar day whose UTC midnight is `dayUtc`. */
function localMidnight(dayUtc: number, timeZone: string): number {
  const offsetAt = (instant: number) => wallClock(instant, timeZone).asUtc - Math.floor(instant / 1000) * 1000;
  const first = dayUtc - offsetAt(dayUtc);
  return dayUtc - offsetAt(first);
}
