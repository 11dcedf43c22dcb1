import { facetsBy } from '../../src/read/shared/group-by';

describe('facetsBy: facet rows merged into one object per key', () => {
  it("merges each key's rows into one object, names as own properties, `__proto__` included", () => {
    const merged = facetsBy(
      [
        { id: 'a', name: 'sql', facet: { query: 'SELECT 1' } },
        { id: 'b', name: 'schema', facet: { fields: [] } },
        { id: 'a', name: '__proto__', facet: { polluted: true } },
        { id: 'a', name: 'nominalTime', facet: { nominalStartTime: '2026-01-01T00:00:00Z' } },
      ],
      (row) => row.id,
    );
    expect([...merged.keys()]).toEqual(['a', 'b']);
    expect(Object.keys(merged.get('a')!)).toEqual(['sql', '__proto__', 'nominalTime']);
    expect(Object.getPrototypeOf(merged.get('a'))).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(merged.get('a')))).toEqual({ sql: { query: 'SELECT 1' }, ['__proto__']: { polluted: true }, nominalTime: { nominalStartTime: '2026-01-01T00:00:00Z' } });
    expect(merged.get('b')).toEqual({ schema: { fields: [] } });
  });
});
