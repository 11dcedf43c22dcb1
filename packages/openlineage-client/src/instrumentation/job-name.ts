import { createHash } from 'node:crypto';
import type { SqlLineage } from '../sql';

/**
 * The statement with what varies between runs of the same code taken out: comments, literals,
 * numbers, spacing and the case of unquoted words. Two calls of one query in the code get one
 * shape; a different query gets another.
 */
export function statementShape(sql: string): string {
  return sql
    .replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/("(?:[^"]|"")*")|\b\d+(?:\.\d+)?\b/g, (match, quoted: string | undefined) => quoted ?? '?')
    .replace(/("(?:[^"]|"")*")|[^"]+/g, (match, quoted: string | undefined) => quoted ?? match.toLowerCase())
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),;=<>+*/-])\s*/g, '$1')
    .trim()
    .replace(/;$/, '');
}

/**
 * A job name stable per statement shape: the operation and the main table for people, a hash of
 * the shape for uniqueness, e.g. `insert.shop.public.orders_copy.5f2c9a01b3`.
 */
export function jobName(sql: string, lineage: SqlLineage, prefix = ''): string {
  const shape = statementShape(sql);
  const words = shape.split(/[\s(]+/);
  const operation = words[0] === 'create' ? words.slice(0, 4).filter((w) => /^(create|table|view|materialized)$/.test(w)).join('_') : words[0];
  const table = lineage.outputs[0]?.name ?? lineage.inputs[0]?.name;
  const hash = createHash('sha256').update(shape).digest('hex').slice(0, 10);
  return [prefix + (operation || 'statement'), table, hash].filter(Boolean).join('.');
}
