import { direct, indirect, type Edge } from './edges';
import { identName } from './names';
import { Unsupported, type Column, type Scope } from './scope';
import type { DatasetId } from './types';
import { variant, type Json, type LineageWalker } from './walker';

/** The column lineage of what one statement writes: edges per output column, and dataset-wide ones. */
export interface WrittenLineage {
  fields: Map<string, Edge[]>;
  dataset: Edge[];
}

/**
 * The column lineage of a writing statement, or Unsupported where it cannot be exact (an INSERT
 * without a column list into a table whose columns are unknown, a `SELECT *` without a schema,
 * an unnamed CTAS column, SQL the walker does not read).
 */
export function writtenLineage(statement: Json, output: DatasetId, walker: LineageWalker, targetColumns: readonly string[] | undefined): WrittenLineage {
  const [kind, node] = variant(statement) ?? ['?', undefined];
  switch (kind) {
    case 'Insert':
      return insertLineage(node, walker, targetColumns);
    case 'CreateTable':
    case 'CreateView':
      return createAsLineage(node, walker);
    case 'Query':
      return namedColumns(walker.query(node, undefined, new Map()));
    case 'Update':
      return updateLineage(node, output, walker);
    case 'Merge':
      return mergeLineage(node, output, walker);
    default:
      throw new Unsupported(`column lineage of ${kind}`);
  }
}

function byPosition(names: string[], columns: Column[]): Map<string, Edge[]> {
  if (names.length !== columns.length) throw new Unsupported(`${names.length} target columns for ${columns.length} values`);
  const fields = new Map<string, Edge[]>();
  names.forEach((name, index) => fields.set(name, [...(fields.get(name) ?? []), ...columns[index].edges]));
  return fields;
}

function insertLineage(node: Json, walker: LineageWalker, targetColumns: readonly string[] | undefined): WrittenLineage {
  if (!node.source) throw new Unsupported('INSERT without a query');
  if (node.on && variant(node.on)?.[1]?.action !== 'DoNothing') throw new Unsupported('INSERT ... ON CONFLICT DO UPDATE');
  const listed: string[] = (node.columns ?? []).map((column: Json) => walker.parts(column).pop()!);
  const names = listed.length > 0 ? listed : targetColumns ? [...targetColumns] : undefined;
  if (!names) throw new Unsupported('INSERT without a column list into a table whose columns are unknown');
  const result = walker.query(node.source, undefined, new Map());
  return { fields: byPosition(names, result.columns), dataset: result.indirect };
}

function createAsLineage(node: Json, walker: LineageWalker): WrittenLineage {
  const result = walker.query(node.query, undefined, new Map());
  const declared: string[] = (node.columns ?? []).map((column: Json) => identName(column.name ?? column, walker.naming.dialect));
  if (declared.length > 0) return { fields: byPosition(declared, result.columns), dataset: result.indirect };
  return namedColumns(result);
}

function namedColumns(result: { columns: Column[]; indirect: Edge[] }): WrittenLineage {
  const names = result.columns.map((column) => {
    if (column.name === undefined) throw new Unsupported('an output column without a name');
    return column.name;
  });
  if (new Set(names).size !== names.length) throw new Unsupported('two output columns with one name');
  return { fields: byPosition(names, result.columns), dataset: result.indirect };
}

/** The written table as a relation of the statement: its own columns feed nothing but themselves. */
function targetScope(table: Json, output: DatasetId, walker: LineageWalker, sink: Edge[]): Scope {
  const scope: Scope = { relations: [] };
  const relation = walker.relation(table, scope, new Map(), sink);
  relation.isTarget = true;
  relation.dataset = output;
  return scope;
}

function assignmentTarget(assignment: Json, walker: LineageWalker): string {
  const [kind, name] = variant(assignment.target) ?? [];
  if (kind !== 'ColumnName') throw new Unsupported('a tuple assignment');
  return walker.parts(name).pop()!;
}

function updateLineage(node: Json, output: DatasetId, walker: LineageWalker): WrittenLineage {
  if (node.table.joins?.length) throw new Unsupported('UPDATE of a join');
  const dataset: Edge[] = [];
  const scope = targetScope(node.table.relation, output, walker, dataset);
  for (const from of variant(node.from)?.[1] ?? []) walker.tableWithJoins(from, scope, new Map(), dataset);
  const fields = new Map<string, Edge[]>();
  for (const assignment of node.assignments) {
    const name = assignmentTarget(assignment, walker);
    fields.set(name, [...(fields.get(name) ?? []), ...walker.expression(assignment.value, scope, direct('IDENTITY'), dataset)]);
  }
  if (node.selection) dataset.push(...walker.expression(node.selection, scope, indirect('FILTER'), dataset));
  return { fields, dataset };
}

function mergeLineage(node: Json, output: DatasetId, walker: LineageWalker): WrittenLineage {
  const dataset: Edge[] = [];
  const scope = targetScope(node.table, output, walker, dataset);
  walker.relation(node.source, scope, new Map(), dataset);
  dataset.push(...walker.expression(node.on, scope, indirect('JOIN'), dataset));
  const fields = new Map<string, Edge[]>();
  const add = (name: string, edges: Edge[]) => fields.set(name, [...(fields.get(name) ?? []), ...edges]);
  for (const clause of node.clauses) {
    if (clause.predicate) dataset.push(...walker.expression(clause.predicate, scope, indirect('FILTER'), dataset));
    const [action, payload] = variant(clause.action) ?? [String(clause.action), undefined];
    if (action === 'Update') {
      for (const assignment of payload.assignments) {
        add(assignmentTarget(assignment, walker), walker.expression(assignment.value, scope, direct('IDENTITY'), dataset));
      }
    } else if (action === 'Insert') {
      const [valuesKind, values] = variant(payload.kind) ?? [String(payload.kind), undefined];
      if (valuesKind !== 'Values' || values.rows.length !== 1) throw new Unsupported('MERGE INSERT without one VALUES row');
      const row: Json[] = Array.isArray(values.rows[0]) ? values.rows[0] : values.rows[0].content;
      const names: string[] = payload.columns.map((column: Json) => walker.parts(column).pop()!);
      if (names.length !== row.length) throw new Unsupported('MERGE INSERT column count');
      names.forEach((name, index) => add(name, walker.expression(row[index], scope, direct('IDENTITY'), dataset)));
    } else if (action !== 'Delete') {
      throw new Unsupported(`MERGE action ${action}`);
    }
  }
  return { fields, dataset };
}
