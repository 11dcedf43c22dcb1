import { memoized } from '../../src/openlineage/memo';

describe('a remembered function of a string', () => {
  it('computes each key once while its cache holds it', () => {
    const fn = jest.fn((key: string) => key.toUpperCase());
    const remembered = memoized(fn);
    expect([remembered('a'), remembered('b'), remembered('a')]).toEqual(['A', 'B', 'A']);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('empties its cache before keys and values pass the budget in characters, and stays correct', () => {
    const fn = jest.fn((key: string) => `v${key.length}`);
    const remembered = memoized(fn, 100);
    const long = 'x'.repeat(60); // 60 + 3 characters
    const other = 'y'.repeat(30); // 30 + 3 characters: 99 together
    remembered(long);
    remembered(other);
    remembered(long);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(remembered('z'.repeat(10))).toBe('v10'); // would make 112: the cache starts again
    expect(remembered(long)).toBe('v60');
    expect(fn).toHaveBeenCalledTimes(4);
  });
});
