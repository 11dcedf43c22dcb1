import { isTimeZone, statBuckets } from '../../src/read/stats/stat-buckets';

describe('stat buckets', () => {
  it('DAY: the current UTC hour and the 23 before it, whatever the time zone', () => {
    const buckets = statBuckets('DAY', 'Asia/Kolkata', new Date('2026-03-29T10:42:17.123Z'));
    expect(buckets).toHaveLength(24);
    expect(buckets[23]).toEqual({
      startInterval: '2026-03-29T10:00:00Z',
      endInterval: '2026-03-29T11:00:00Z',
      from: new Date('2026-03-29T10:00:00Z'),
      to: new Date('2026-03-29T11:00:00Z'),
    });
    expect(buckets[0].startInterval).toBe('2026-03-28T11:00:00Z');
  });

  it('WEEK: local days labelled as UTC midnights, counted between the true local midnights', () => {
    // 23:30 UTC on 28 March is already 29 March in Berlin, the day clocks move to summer time.
    const buckets = statBuckets('WEEK', 'Europe/Berlin', new Date('2026-03-28T23:30:00Z'));
    expect(buckets.map((b) => b.startInterval)).toEqual([
      '2026-03-23T00:00:00Z',
      '2026-03-24T00:00:00Z',
      '2026-03-25T00:00:00Z',
      '2026-03-26T00:00:00Z',
      '2026-03-27T00:00:00Z',
      '2026-03-28T00:00:00Z',
      '2026-03-29T00:00:00Z',
    ]);
    expect(buckets[6].endInterval).toBe('2026-03-30T00:00:00Z');
    expect(buckets[5].from).toEqual(new Date('2026-03-27T23:00:00Z')); // CET midnight
    expect(buckets[6].from).toEqual(new Date('2026-03-28T23:00:00Z'));
    expect(buckets[6].to).toEqual(new Date('2026-03-29T22:00:00Z')); // CEST midnight: a 23-hour day
  });

  it('WEEK: zones west of UTC and with half-hour offsets', () => {
    const ny = statBuckets('WEEK', 'America/New_York', new Date('2026-07-01T02:00:00Z'));
    expect(ny[6].startInterval).toBe('2026-06-30T00:00:00Z');
    expect(ny[6].from).toEqual(new Date('2026-06-30T04:00:00Z'));
    const india = statBuckets('WEEK', 'Asia/Kolkata', new Date('2026-07-01T20:00:00Z'));
    expect(india[6].startInterval).toBe('2026-07-02T00:00:00Z');
    expect(india[6].from).toEqual(new Date('2026-07-01T18:30:00Z'));
  });

  it('knows IANA zones from anything else', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
