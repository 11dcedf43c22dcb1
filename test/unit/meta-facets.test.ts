import { isoTime, readDescription, readErrorMessage, readJobType, readNominalTime, readSourceCode, readSql } from '../../src/openlineage/meta-facets';
import { anchorWord, lastWordAfterSeparator, nameWords } from '../../src/openlineage/name-words';

describe('what the facets behind typed columns say', () => {
  it('reads an ISO date or date-time as an instant, UTC when it has no offset, and nothing else', () => {
    expect(isoTime('2026-11-30T00:00:00Z')).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(isoTime('2026-11-30T01:30:00+01:30')).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(isoTime('2026-11-30T00:00:00.123456+0000')).toEqual(new Date('2026-11-30T00:00:00.123Z'));
    expect(isoTime('2026-11-30 08:00:00')).toEqual(new Date('2026-11-30T08:00:00Z'));
    expect(isoTime('2026-11-30')).toEqual(new Date('2026-11-30T00:00:00Z'));
    for (const value of ['now', 'today', '2026-02-30T00:00:00Z', '2026-13-01', '', 42, null, '30/11/2026']) expect(isoTime(value)).toBeNull();
  });

  it('tells a facet that is absent or malformed (undefined) from one removed by _deleted (nulls)', () => {
    expect(readSql({})).toBeUndefined();
    expect(readSql({ sql: 'SELECT 1' })).toBeUndefined();
    expect(readSql({ sql: { query: 'SELECT 1' } })).toEqual({ sql: 'SELECT 1' });
    expect(readSql({ sql: { _deleted: true } })).toEqual({ sql: null });
    expect(readDescription({ documentation: { description: '' } })).toEqual({ description: null });
    expect(readJobType({ jobType: { jobType: 'MODEL', integration: 'DBT', processingType: 'BATCH' } })).toEqual({ jobType: 'MODEL', integration: 'DBT', processingType: 'BATCH' });
  });

  it('reads an empty source code url as none, as every other empty text', () => {
    expect(readSourceCode({ sourceCodeLocation: { type: 'git', url: '' } })).toEqual({ sourceCodeType: 'git', sourceCodeUrl: null });
  });

  it("never removes a run's facet: a deleted run facet says nothing", () => {
    expect(readNominalTime({ nominalTime: { _deleted: true } })).toBeUndefined();
    expect(readErrorMessage({ errorMessage: { message: 'boom', programmingLanguage: 'SQL' } })).toEqual({ errorMessage: 'boom' });
    expect(readNominalTime({ nominalTime: { nominalStartTime: 'yesterday' } })).toEqual({ nominalStartTime: null, nominalEndTime: null });
  });
});

describe('name words', () => {
  it('splits names and search texts alike: lower-cased runs of letters and digits, distinct', () => {
    expect(nameWords('Sales.Orders_2024.orders')).toEqual(['sales', 'orders', '2024']);
    expect(nameWords('Ünïcode.Straße')).toEqual(['ünïcode', 'straße']);
    expect(nameWords('x'.repeat(70))).toEqual(['x'.repeat(64)]);
    expect(nameWords('--')).toEqual([]);
  });

  it('anchors a search on its longest word, and finds the word after its last separator', () => {
    expect(anchorWord('orders_1')).toBe('orders');
    expect(anchorWord('ab.cd')).toBe('ab');
    expect(anchorWord('__')).toBeNull();
    expect(lastWordAfterSeparator('orders_2024')).toBe('2024');
    expect(lastWordAfterSeparator('orders')).toBeNull();
  });
});
