import { PRECISE_TYPES, PreciseDate } from '../../src/database/precise-timestamps';

const parse = PRECISE_TYPES.getTypeParser(1184, 'text') as (text: string) => Date;

describe('timestamptz values read from PostgreSQL', () => {
  it('keep their microseconds in toISOString and JSON', () => {
    const value = parse('2026-07-15 10:15:03.123456+00');
    expect(value.toISOString()).toBe('2026-07-15T10:15:03.123456Z');
    expect(JSON.stringify({ value })).toBe('{"value":"2026-07-15T10:15:03.123456Z"}');
    expect(parse('2026-07-15 12:15:03.1+02').toISOString()).toBe('2026-07-15T10:15:03.100Z');
    expect(parse('2026-07-15 10:15:03+00').toISOString()).toBe('2026-07-15T10:15:03.000Z');
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
