import { compareStamps, stampEndsPerKey } from '../../src/projection/appliers/sql';
import { PreciseDate } from '../../src/database/precise-timestamps';

const row = (key: string, ms: number, eventId: string, value = `${key}@${eventId}`) => ({ key, at: new Date(ms), eventId, value });

describe('the rows a guarded statement can pick per key', () => {
  it('orders stamps by event time, then by event id as a number', () => {
    expect(compareStamps(row('a', 1, '9'), row('a', 1, '10'))).toBeLessThan(0);
    expect(compareStamps(row('a', 2, '1'), row('a', 1, '10'))).toBeGreaterThan(0);
    expect(compareStamps(row('a', 1, '7'), row('a', 1, '7'))).toBe(0);
    // Microseconds beyond the millisecond count.
    expect(compareStamps({ at: new PreciseDate(5, 2), eventId: '1' }, { at: new PreciseDate(5, 1), eventId: '2' })).toBeGreaterThan(0);
  });

  it('keeps only the latest row per key for a "latest" guard', () => {
    const rows = [row('a', 3, '3'), row('b', 1, '1'), row('a', 5, '4'), row('a', 5, '2'), row('b', 1, '12')];
    expect(stampEndsPerKey(rows, (r) => r.key, 'last').map((r) => r.value)).toEqual(['a@4', 'b@12']);
  });

  it('keeps the first and the last row per key for a span, once when they are the same row', () => {
    const rows = [row('a', 3, '3'), row('b', 1, '1'), row('a', 1, '9'), row('a', 9, '2'), row('a', 4, '5')];
    expect(stampEndsPerKey(rows, (r) => r.key, 'first and last').map((r) => r.value)).toEqual(['a@9', 'a@2', 'b@1']);
  });
});
