import { readAssertions, readQualityMetrics, readStatistics } from '../../src/openlineage/quality-facets';

describe('data-quality facet readers', () => {
  it('read dataQualityMetrics: counts and per-column metrics', () => {
    const metrics = readQualityMetrics({
      dataQualityMetrics: {
        rowCount: 1000,
        bytes: 52000,
        fileCount: 1,
        columnMetrics: { id: { nullCount: 0, distinctCount: 1000, min: 1, max: 1000, quantiles: { '0.5': 500 } }, amount: { nullCount: 3 } },
      },
    });
    expect(metrics).toEqual({
      rowCount: 1000,
      bytes: 52000,
      fileCount: 1,
      columns: { id: { nullCount: 0, distinctCount: 1000, min: 1, max: 1000 }, amount: { nullCount: 3, distinctCount: null, min: null, max: null } },
    });
  });

  it('read a malformed value as absent, never as an error', () => {
    const metrics = readQualityMetrics({
      dataQualityMetrics: { rowCount: 1.5, bytes: -1, fileCount: '3', columnMetrics: { id: { nullCount: 2 ** 60, min: 'a', max: Infinity }, x: 7 } },
    });
    expect(metrics).toEqual({ rowCount: null, bytes: null, fileCount: null, columns: { id: { nullCount: null, distinctCount: null, min: null, max: null } } });
    expect(readQualityMetrics({ dataQualityMetrics: { columnMetrics: 'none' } })).toBeNull();
    expect(readQualityMetrics({ dataQualityMetrics: { _deleted: true } })).toBeNull();
    expect(readQualityMetrics({ dataQualityMetrics: [1] })).toBeNull();
    expect(readQualityMetrics({})).toBeNull();
  });

  it('read inputStatistics of an input and outputStatistics of an output, `size` as bytes', () => {
    const facets = { inputStatistics: { rowCount: 10, size: 300, fileCount: 2 }, outputStatistics: { rowCount: 9 } };
    expect(readStatistics(facets, 'input')).toEqual({ rowCount: 10, bytes: 300, fileCount: 2 });
    expect(readStatistics(facets, 'output')).toEqual({ rowCount: 9, bytes: null, fileCount: null });
    expect(readStatistics({ inputStatistics: {} }, 'input')).toBeNull();
    expect(readStatistics({ inputStatistics: { rowCount: 10 } }, 'output')).toBeNull();
  });

  it('read assertions with a name and a boolean result; no column means the whole dataset', () => {
    const assertions = readAssertions({
      dataQualityAssertions: {
        assertions: [
          { assertion: 'not_null', column: 'id', success: true },
          { assertion: 'row_count', success: false, expected: '> 0' },
          { assertion: 'unique', column: '', success: true },
          { assertion: 'unique', column: 'id', success: 'yes' },
          { column: 'id', success: true },
          { assertion: 'not_null', column: 'x'.repeat(5000), success: true },
          'not an assertion',
        ],
      },
    });
    expect(assertions).toEqual([
      { assertion: 'not_null', column: 'id', success: true },
      { assertion: 'row_count', column: '', success: false },
      { assertion: 'unique', column: '', success: true },
    ]);
    expect(readAssertions({ dataQualityAssertions: { assertions: 'all passed' } })).toEqual([]);
    expect(readAssertions({})).toEqual([]);
  });
});
