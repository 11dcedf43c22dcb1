import { isDeletedFacet, storable } from './facets';
import { isJsonObject, JsonObject } from './json';

/**
 * Readers for the data-quality facets of a dataset in a run: `dataQualityMetrics` and
 * `dataQualityAssertions` (input dataset facets), `inputStatistics` and `outputStatistics`.
 * Like every reader here they take the facets as sent and tolerate any shape: what is malformed
 * reads as absent, never as an error.
 */

/** What one column's metrics say; each null when the facet leaves it out. */
export interface ColumnQuality {
  nullCount: number | null;
  distinctCount: number | null;
  min: number | null;
  max: number | null;
}

/** The `dataQualityMetrics` facet: the rows, bytes and files evaluated, and per-column metrics. */
export interface QualityMetrics {
  rowCount: number | null;
  bytes: number | null;
  fileCount: number | null;
  columns: Record<string, ColumnQuality>;
}

/** The `inputStatistics` or `outputStatistics` facet: what the run read or wrote. */
export interface DatasetStatistics {
  rowCount: number | null;
  bytes: number | null;
  fileCount: number | null;
}

/** One entry of `dataQualityAssertions`; `column` is '' when the assertion is about the whole dataset. */
export interface AssertionResult {
  assertion: string;
  column: string;
  success: boolean;
}

/** A count as a bigint column stores it: a non-negative integer JavaScript holds exactly. */
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);
const finite = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const present = (facet: unknown): facet is JsonObject => isJsonObject(facet) && !isDeletedFacet(facet);

export function readQualityMetrics(facets: JsonObject): QualityMetrics | null {
  const facet = facets.dataQualityMetrics;
  if (!present(facet)) return null;
  const columns: Record<string, ColumnQuality> = {};
  if (isJsonObject(facet.columnMetrics)) {
    for (const [column, metrics] of Object.entries(facet.columnMetrics)) {
      if (!isJsonObject(metrics) || !storable(column)) continue;
      columns[column] = {
        nullCount: count(metrics.nullCount),
        distinctCount: count(metrics.distinctCount),
        min: finite(metrics.min),
        max: finite(metrics.max),
      };
    }
  }
  const metrics = { rowCount: count(facet.rowCount), bytes: count(facet.bytes), fileCount: count(facet.fileCount), columns };
  const saysSomething = metrics.rowCount !== null || metrics.bytes !== null || metrics.fileCount !== null || Object.keys(columns).length > 0;
  return saysSomething ? metrics : null;
}

/** `inputStatistics` of an input, `outputStatistics` of an output (both call the bytes `size`). */
export function readStatistics(facets: JsonObject, direction: 'input' | 'output'): DatasetStatistics | null {
  const facet = direction === 'input' ? facets.inputStatistics : facets.outputStatistics;
  if (!present(facet)) return null;
  const statistics = { rowCount: count(facet.rowCount), bytes: count(facet.size), fileCount: count(facet.fileCount) };
  return statistics.rowCount !== null || statistics.bytes !== null || statistics.fileCount !== null ? statistics : null;
}

/** The assertions with a usable name and a boolean result; a column too long to index is left out. */
export function readAssertions(facets: JsonObject): AssertionResult[] {
  const facet = facets.dataQualityAssertions;
  if (!present(facet) || !Array.isArray(facet.assertions)) return [];
  const results: AssertionResult[] = [];
  for (const entry of facet.assertions) {
    if (!isJsonObject(entry) || !storable(entry.assertion) || typeof entry.success !== 'boolean') continue;
    const column = entry.column === undefined || entry.column === null || entry.column === '' ? '' : entry.column;
    if (column !== '' && !storable(column)) continue;
    results.push({ assertion: entry.assertion, column, success: entry.success });
  }
  return results;
}
