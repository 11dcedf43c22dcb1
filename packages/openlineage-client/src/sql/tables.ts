import { isSystemTable, objectNameParts, qualifiedTableName, type NamingContext } from './names';
import type { DatasetId } from './types';
import { variant, type Json } from './walker';

/** What a statement writes and how it is called, read from its top-level shape alone. */
export interface StatementTarget {
  /** `insert`, `create_table_as`, `merge`, ... : a readable part of job names. */
  operation: string;
  output?: DatasetId;
  /** The statement with the written table's own position removed, to find what it reads. */
  readPart: Json;
}

const nameOf = (objectName: Json, naming: NamingContext, namespace: string): DatasetId | undefined => {
  const parts = objectNameParts(objectName, naming.dialect);
  return parts ? { namespace, name: qualifiedTableName(parts, naming) } : undefined;
};

export function statementTarget(statement: Json, naming: NamingContext, namespace: string): StatementTarget {
  const [kind, node] = variant(statement) ?? ['?', statement];
  switch (kind) {
    case 'Insert': {
      const table = variant(node.table);
      const output = table?.[0] === 'TableName' ? nameOf(table[1], naming, namespace) : undefined;
      return { operation: 'insert', output, readPart: { ...node, table: null } };
    }
    case 'CreateTable':
      return node.query
        ? { operation: 'create_table_as', output: nameOf(node.name, naming, namespace), readPart: node.query }
        : { operation: 'create_table', readPart: null };
    case 'CreateView':
      return { operation: 'create_view', output: nameOf(node.name, naming, namespace), readPart: node.query };
    case 'Update': {
      const target = variant(node.table.relation);
      const output = target?.[0] === 'Table' ? nameOf(target[1].name, naming, namespace) : undefined;
      return { operation: 'update', output, readPart: { ...node, table: { ...node.table, relation: null } } };
    }
    case 'Delete': {
      const from = variant(node.from)?.[1] ?? [];
      const target = variant(from[0]?.relation);
      const output = target?.[0] === 'Table' ? nameOf(target[1].name, naming, namespace) : undefined;
      return { operation: 'delete', output, readPart: { ...node, from: from.slice(1), tables: [] } };
    }
    case 'Merge': {
      const target = variant(node.table);
      const output = target?.[0] === 'Table' ? nameOf(target[1].name, naming, namespace) : undefined;
      return { operation: 'merge', output, readPart: { ...node, table: null } };
    }
    case 'Query': {
      const into = variant(node.body)?.[0] === 'Select' ? node.body.Select.into : undefined;
      return into
        ? { operation: 'select_into', output: nameOf(into.name, naming, namespace), readPart: node }
        : { operation: 'select', readPart: node };
    }
    default:
      return { operation: kind.toLowerCase(), readPart: null };
  }
}

function cteNames(node: Json, names: Set<string>, naming: NamingContext): void {
  if (Array.isArray(node)) return node.forEach((child) => cteNames(child, names, naming));
  if (node === null || typeof node !== 'object') return;
  for (const cte of node.with?.cte_tables ?? []) {
    const parts = objectNameParts([{ Identifier: cte.alias.name }], naming.dialect);
    if (parts) names.add(parts[0]);
  }
  Object.values(node).forEach((child) => cteNames(child, names, naming));
}

/**
 * Every table a statement part reads: each `Table` in a FROM, JOIN, USING or subquery, except
 * names of its CTEs, table functions and system catalogs. Independent of the column walk, so the
 * tables are known even where column lineage is not.
 */
export function tablesRead(readPart: Json, naming: NamingContext, namespace: string): DatasetId[] {
  const ctes = new Set<string>();
  cteNames(readPart, ctes, naming);
  const found = new Map<string, DatasetId>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const table = node.Table;
    if (table && typeof table === 'object' && Array.isArray(table.name) && !table.args) {
      const parts = objectNameParts(table.name, naming.dialect);
      if (parts && !(parts.length === 1 && ctes.has(parts[0])) && !isSystemTable(parts, naming.dialect)) {
        const name = qualifiedTableName(parts, naming);
        found.set(name, { namespace, name });
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(readPart);
  return [...found.values()];
}
