import { boundaryAtOrBefore, coverUntil, nextBoundary, partitionName, partitionsToCreate } from '../../../src/log/partitions/partition-interval';

const at = (iso: string) => new Date(iso);

describe('log partition boundaries (UTC)', () => {
  it('start at the day, the ISO week (Monday) and the month of a time', () => {
    const thursday = at('2026-12-03T10:15:00Z');
    expect(boundaryAtOrBefore(thursday, 'day')).toEqual(at('2026-12-03T00:00:00Z'));
    expect(boundaryAtOrBefore(thursday, 'week')).toEqual(at('2026-11-30T00:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-12-06T23:59:59Z'), 'week')).toEqual(at('2026-11-30T00:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-12-07T00:00:00Z'), 'week')).toEqual(at('2026-12-07T00:00:00Z'));
    expect(boundaryAtOrBefore(thursday, 'month')).toEqual(at('2026-12-01T00:00:00Z'));
    expect(nextBoundary(thursday, 'month')).toEqual(at('2027-01-01T00:00:00Z'));
    expect(nextBoundary(at('2026-12-07T00:00:00Z'), 'week')).toEqual(at('2026-12-14T00:00:00Z'));
  });

  it('cover at least three intervals and a week ahead', () => {
    expect(coverUntil(at('2026-12-03T10:00:00Z'), 'day')).toEqual(at('2026-12-10T10:00:00Z'));
    expect(coverUntil(at('2026-12-03T10:00:00Z'), 'week')).toEqual(at('2026-12-21T00:00:00Z'));
    expect(coverUntil(at('2026-12-03T10:00:00Z'), 'month')).toEqual(at('2027-03-01T00:00:00Z'));
  });

  it('continue from the last partition: a short one up to the next boundary, then one per interval', () => {
    const ranges = partitionsToCreate(at('2026-12-05T00:00:00Z'), at('2026-12-03T10:00:00Z'), at('2026-12-21T00:00:00Z'), 'week');
    expect(ranges.map((r) => [partitionName(r.from), r.to.toISOString().slice(0, 10)])).toEqual([
      ['lineage_events_p20261205', '2026-12-07'],
      ['lineage_events_p20261207', '2026-12-14'],
      ['lineage_events_p20261214', '2026-12-21'],
    ]);
  });

  it('close a gap left by a store that was down with one partition, so that no time has none', () => {
    const ranges = partitionsToCreate(at('2026-06-01T00:00:00Z'), at('2026-12-03T10:00:00Z'), at('2026-12-10T00:00:00Z'), 'day');
    expect(ranges[0]).toEqual({ from: at('2026-06-01T00:00:00Z'), to: at('2026-12-03T00:00:00Z') });
    expect(ranges.slice(1).map((r) => r.from.toISOString().slice(0, 10))).toEqual(['2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09']);
  });
});
