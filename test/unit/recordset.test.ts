import { Column, recordset } from '../../src/projection/statements/sql';
import { PreciseDate } from '../../src/database/precise-timestamps';

interface Row {
  id: string;
  at: Date;
  facet: unknown;
  note?: string | null;
}

const columns: Array<Column<Row>> = [
  ['id', 'uuid', (r) => r.id],
  ['facet', 'jsonb', (r) => r.facet],
  ['note', 'text', (r) => r.note],
  ['at', 'timestamptz', (r) => r.at],
];

/** What the statement's parameter must be: one object per row, keyed c0, c1, ..., missing values null. */
const expected = (rows: Row[]) =>
  JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([, , value], i) => [`c${i}`, value(row) ?? null]))));

describe("a statement's rows as its JSON parameter", () => {
  it('is what JSON.stringify gives for one object per row, whatever the values', () => {
    const shared = new Date('2026-12-01T08:00:00.123Z');
    const rows: Row[] = [
      { id: 'a', at: shared, facet: { nested: [1, 2.5, 'x'], quote: 'say "hi"\\n', unicode: 'Zürich ✓ \u2028' }, note: null },
      { id: 'b', at: shared, facet: null },
      { id: 'c', at: new Date('2026-12-01T09:00:00Z'), facet: true, note: 'line\nbreak' },
      { id: 'd', at: new PreciseDate(Date.parse('2026-12-01T09:00:00Z'), 417), facet: 12345678901234567890, note: '' },
      { id: 'e', at: shared, facet: { _deleted: true }, note: undefined },
    ];
    expect(recordset(rows, columns).value).toBe(expected(rows));
    expect(JSON.parse(recordset(rows, columns).value)[3].c3).toBe('2026-12-01T09:00:00.000417Z');
  });

  it('formats each event time as its own, also when rows alternate between two', () => {
    const [one, two] = [new Date('2026-01-01T00:00:00Z'), new Date('2026-06-01T12:30:00.5Z')];
    const rows: Row[] = [one, one, two, one, two, two].map((at, i) => ({ id: String(i), at, facet: i }));
    expect(recordset(rows, columns).value).toBe(expected(rows));
  });

  it('is an empty array for no rows', () => {
    expect(recordset([], columns).value).toBe('[]');
  });
});
