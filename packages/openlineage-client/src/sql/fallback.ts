import { identName, isSystemTable, qualifiedTableName, type NamingContext } from './names';
import type { DatasetId } from './types';

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)`;
const TABLE_NAME = String.raw`(${IDENTIFIER}(?:\s*\.\s*${IDENTIFIER}){0,2})`;
const WRITES = new RegExp(String.raw`\b(?:INSERT\s+(?:OVERWRITE\s+)?INTO|CREATE\s+(?:OR\s+REPLACE\s+)?(?:TEMP(?:ORARY)?\s+|UNLOGGED\s+)?(?:TABLE|(?:MATERIALIZED\s+)?VIEW)(?:\s+IF\s+NOT\s+EXISTS)?|UPDATE(?!\s+SET\b)|MERGE\s+INTO|DELETE\s+FROM)\s+${TABLE_NAME}`, 'gi');
const READS = new RegExp(String.raw`\b(?:FROM|JOIN|USING)\s+${TABLE_NAME}`, 'gi');
const CTE = new RegExp(String.raw`(?:\bWITH(?:\s+RECURSIVE)?|,)\s*(${IDENTIFIER})\s*(?:\([^)]*\)\s*)?AS\s*\(`, 'gi');

/** Comments and string literals removed, so that words inside them are not taken for tables. */
function code(sql: string): string {
  return sql
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' ')
    .replace(/\b(?:EXTRACT|SUBSTRING|TRIM|OVERLAY)\s*\([^()]*\)/gi, ' ')
    .replace(/\bDISTINCT\s+FROM\b/gi, ' ');
}

function nameParts(written: string, naming: NamingContext): string[] {
  return (written.match(new RegExp(IDENTIFIER, 'g')) ?? []).map((part) =>
    part.startsWith('"')
      ? identName({ value: part.slice(1, -1).replace(/""/g, '"'), quote_style: '"' }, naming.dialect)
      : identName({ value: part }, naming.dialect),
  );
}

/**
 * The tables of SQL the parser refused, found by the words around them (`FROM x`, `INSERT INTO
 * y`). A best effort: it can miss tables, and it never gives column lineage.
 */
export function tablesByKeywords(sql: string, naming: NamingContext, namespace: string): { inputs: DatasetId[]; outputs: DatasetId[] } {
  const text = code(sql);
  const ctes = new Set([...text.matchAll(CTE)].map((match) => nameParts(match[1], naming)[0]));
  const collect = (pattern: RegExp, searched: string) => {
    const found = new Map<string, DatasetId>();
    for (const match of searched.matchAll(pattern)) {
      const parts = nameParts(match[1], naming);
      if (parts.length === 1 && ctes.has(parts[0])) continue;
      if (isSystemTable(parts, naming.dialect)) continue;
      const name = qualifiedTableName(parts, naming);
      found.set(name, { namespace, name });
    }
    return found;
  };
  const outputs = collect(WRITES, text);
  // `DELETE FROM t` names its target after FROM: that FROM is a write, not a read.
  const inputs = collect(READS, text.replace(/\bDELETE\s+FROM\b/gi, 'DELETE '));
  const sorted = (found: Map<string, DatasetId>) => [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { inputs: sorted(inputs), outputs: sorted(outputs) };
}
