import { nestsDeeperThan, trimJsonWhitespace } from '../../src/ingest/json-text';

describe('trimJsonWhitespace', () => {
  it('drops only the whitespace JSON allows around a value', () => {
    expect(String(trimJsonWhitespace(Buffer.from(' \t\r\n{"a":1}\n')))).toBe('{"a":1}');
    expect(String(trimJsonWhitespace(Buffer.from('\u00a0{}')))).toBe('\u00a0{}');
    expect(trimJsonWhitespace(Buffer.from('   ')).length).toBe(0);
  });
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth));
  it('counts arrays and objects, not scalars', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan({ a: { b: { c: 'deep text [[[[' } } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: { c: {} } } }, 3)).toBe(true);
    expect(nestsDeeperThan('scalar', 0)).toBe(false);
  });
});
