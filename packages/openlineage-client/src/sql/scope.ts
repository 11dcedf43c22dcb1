import { direct, type Edge } from './edges';
import type { DatasetId } from './types';

/** Raised where the SQL's column lineage cannot be derived exactly; the statement then gets none. */
export class Unsupported extends Error {}

export interface Column {
  /** Undefined for an unnamed expression (`SELECT a + 1`). */
  name?: string;
  edges: Edge[];
}

/** What a query produces: its columns in order, and the inputs that shape all rows (dataset-level). */
export interface QueryLineage {
  columns: Column[];
  indirect: Edge[];
}

/** Something in a FROM clause. */
export interface Relation {
  /** The name the query refers to it by: its alias, or a table's last name part. */
  alias?: string;
  /** A table's name as written, for references like `schema.table.column`; absent once aliased. */
  nameParts?: string[];
  /** Known columns in order; absent for a table whose columns nobody told us. */
  columns?: Column[];
  /** A table: a column it does not list resolves to this dataset's column of that name. */
  dataset?: DatasetId;
  /** The table an UPDATE or MERGE writes: reading its own columns is not lineage from elsewhere. */
  isTarget?: boolean;
}

export interface Scope {
  relations: Relation[];
  parent?: Scope;
  /** Columns merged by `JOIN ... USING (c)`: an unqualified `c` means the merged column. */
  usingColumns?: Map<string, Edge[]>;
  /** Parameters of an enclosing lambda (`x -> x + 1`): not columns. */
  lambdaParams?: Set<string>;
}

const baseColumnEdges = (relation: Relation, field: string): Edge[] =>
  relation.isTarget ? [] : [{ dataset: relation.dataset!, field, transformation: direct('IDENTITY') }];

function columnOf(relation: Relation, field: string): Edge[] | undefined {
  if (relation.columns) {
    const matches = relation.columns.filter((column) => column.name === field);
    if (matches.length > 1) throw new Unsupported(`column "${field}" is ambiguous in "${relation.alias}"`);
    if (matches.length === 1) return relation.isTarget ? [] : matches[0].edges;
    return undefined;
  }
  return relation.dataset ? baseColumnEdges(relation, field) : undefined;
}

function matchesQualifier(relation: Relation, qualifier: string[]): boolean {
  if (relation.nameParts) {
    if (qualifier.length > relation.nameParts.length) return false;
    const suffix = relation.nameParts.slice(relation.nameParts.length - qualifier.length);
    return suffix.every((part, index) => part === qualifier[index]);
  }
  return qualifier.length === 1 && relation.alias === qualifier[0];
}

/**
 * The edges of the column a reference names, looked up as SQL does: the innermost scope first,
 * then the enclosing ones (correlated subqueries). An unqualified name that two relations could
 * both hold, where a table's columns are unknown, is ambiguous to us and stops column lineage.
 */
export function resolveColumn(parts: string[], scope: Scope): Edge[] {
  const field = parts[parts.length - 1];
  const qualifier = parts.slice(0, -1);
  for (let current: Scope | undefined = scope; current; current = current.parent) {
    if (qualifier.length === 0) {
      if (current.lambdaParams?.has(field)) return [];
      const merged = current.usingColumns?.get(field);
      if (merged) return merged;
      const known = current.relations.filter((relation) => relation.columns?.some((c) => c.name === field));
      const open = current.relations.filter((relation) => !relation.columns && relation.dataset);
      if (known.length + open.length > 1) throw new Unsupported(`column "${field}" could come from more than one table`);
      const relation = known[0] ?? open[0];
      if (relation) return columnOf(relation, field)!;
    } else {
      const candidates = current.relations.filter((relation) => matchesQualifier(relation, qualifier));
      if (candidates.length > 1) throw new Unsupported(`"${qualifier.join('.')}" names more than one table`);
      if (candidates.length === 1) {
        const edges = columnOf(candidates[0], field);
        if (!edges) throw new Unsupported(`"${parts.join('.')}" is not a known column`);
        return edges;
      }
    }
  }
  throw new Unsupported(`"${parts.join('.')}" is not a column of any table in scope`);
}

export function findRelation(qualifier: string[], scope: Scope): Relation {
  const candidates = scope.relations.filter((relation) => matchesQualifier(relation, qualifier));
  if (candidates.length !== 1) throw new Unsupported(`"${qualifier.join('.')}.*" does not name one table`);
  return candidates[0];
}
