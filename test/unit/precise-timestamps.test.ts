import { parseInstant, PRECISE_TYPES, PreciseDate } from '../../src/database/precise-timestamps';

const parse = PRECISE_TYPES.getTypeParser(1184, 'text') as (text: string) => Date;

describe('timestamptz values read from PostgreSQL', () => {
  it('keep their microseconds in toISOString and JSON', () => {
    const value = parse('2026-07-15 10:15:03.123456+00');
    expect(value.toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(JSON.stringify({ value })).toBe('{"value":"2026-07-15T10:15:03.123456Z"}');
    expect(parse('2026-07-15 12:15:03.1+02').toISOString()).toBe('2026-07-15T10:15:03.100Z');
    expect(parse('2026-07-15 10:15:03+00').toISOString()).toBe('2026-07-15T10:15:03.000Z');
  });

  it("read PostgreSQL's UTC text and any other offset alike", () => {
    for (const [utc, other] of [
      ['2026-07-15 10:15:03.123456+00', '2026-07-15 12:15:03.123456+02'],
      ['2026-07-15 10:15:03.5+00', '2026-07-15 05:45:03.5-04:30'],
      ['2026-07-15 10:15:03+00', '2026-07-15 11:15:03+01'],
      ['2026-12-31 23:59:59.999999+00', '2027-01-01 00:59:59.999999+01'],
    ]) {
      const [a, b] = [parse(utc) as PreciseDate, parse(other) as PreciseDate];
      expect([a.toISOString(), a.getTime(), a.extraMicroseconds]).toEqual([b.toISOString(), b.getTime(), b.extraMicroseconds]);
    }
    expect(parse('0900-01-01 00:00:00+00').toISOString()).toBe('0900-01-01T00:00:00.000Z');
    expect(parse('0044-03-15 12:00:00+00 BC').toISOString()).toBe('-000043-03-15T12:00:00.000Z');
    expect(parse('12026-07-15 10:15:03+00').toISOString()).toBe('+012026-07-15T10:15:03.000Z');
    expect(parse('2026-07-15 15:45:03.25+05:30').toISOString()).toBe('2026-07-15T10:15:03.250Z');
    expect(parse('infinity')).toBe(Infinity);
  });

  it('format a UTC value from the text it was read from, without formatting the Date', () => {
    const value = parse('2026-07-15 10:15:03.123456+00');
    const format = jest.spyOn(Date.prototype, 'toISOString');
    try {
      expect(value.toISOString()).toBe('2026-07-15T10:15:03.123456Z');
      expect(parse('2026-07-15 10:15:03+00').toISOString()).toBe('2026-07-15T10:15:03.000Z');
      expect(format).not.toHaveBeenCalled();
    } finally {
      format.mockRestore();
    }
  });

  it('format the time they hold, also after it was set to another', () => {
    const value = parse('2026-07-15 10:15:03.123456+00');
    value.setTime(Date.parse('2027-01-01T00:00:00.000Z'));
    expect(value.toISOString()).toBe('2027-01-01T00:00:00.000456Z');
  });

  it('order by their microseconds', () => {
    const earlier = parse('2026-07-15 10:15:03.123455+00');
    const later = parse('2026-07-15 10:15:03.123456+00');
    expect(earlier < later).toBe(true);
    expect(later > earlier).toBe(true);
    expect(earlier).toBeInstanceOf(PreciseDate);
  });

  it('leaves other types to pg', () => {
    expect(PRECISE_TYPES.getTypeParser(23, 'text')('42')).toBe(42);
  });
});

describe('times a client gives as a bound (parseInstant)', () => {
  it('keep the microseconds, whatever the offset, and drop digits beyond them', () => {
    expect(parseInstant('2026-07-15T10:15:03.123456Z').toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(parseInstant('2026-07-15T12:15:03.123456+02:00').toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(parseInstant('2026-07-15T04:45:03.123456-0530').toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(parseInstant('2026-07-15T15:15:03.5+05').toISOString()).toBe('2026-07-15T10:15:03.500Z');
    expect(parseInstant('2026-07-15T10:15:03.123456789Z').toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(parseInstant('2026-07-15T10:15:03.1Z').toISOString()).toBe('2026-07-15T10:15:03.100Z');
    expect(parseInstant('2026-07-15T10:15:03Z').toISOString()).toBe('2026-07-15T10:15:03.000Z');
  });

  it('order after every time earlier in their millisecond', () => {
    expect(parseInstant('2026-07-15T10:15:03.123456Z') > parse('2026-07-15 10:15:03.123455+00')).toBe(true);
    expect(parseInstant('2026-07-15T10:15:03.123456Z') > parse('2026-07-15 10:15:03.123456+00')).toBe(false);
  });

  it('keep a single microsecond', () => {
    expect(parseInstant('2026-07-15T10:15:03.000001Z').toISOString()).toBe('2026-07-15T10:15:03.000001Z');
  });

  it('are invalid for text that is not a time, as new Date is', () => {
    expect(Number.isNaN(parseInstant('yesterday').getTime())).toBe(true);
    expect(Number.isNaN(parseInstant('2026-W01-1T10:00:00Z').getTime())).toBe(true);
  });
});
