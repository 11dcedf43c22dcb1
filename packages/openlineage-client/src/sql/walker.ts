import { compose, composeAll, direct, indirect, type Edge } from './edges';
import { conditionArgument, isAggregate, isChooser, isMasking } from './functions';
import { identName, isSystemTable, objectNameParts, qualifiedTableName, type Ident, type NamingContext } from './names';
import { findRelation, resolveColumn, Unsupported, type Column, type QueryLineage, type Relation, type Scope } from './scope';
import type { DatasetId, Transformation } from './types';

/** The parser's JSON (datafusion-sqlparser-rs, serde): enums are `{ Variant: payload }` objects. */
export type Json = any;

export interface WalkContext {
  naming: NamingContext;
  namespace: string;
  /** Known columns by dataset name. */
  schemas: Map<string, readonly string[]>;
}

/** The single variant of a serde enum value: `{ Insert: {...} }` -> `['Insert', {...}]`. */
export function variant(node: Json): [string, Json] | undefined {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  const keys = Object.keys(node);
  return keys.length === 1 ? [keys[0], node[keys[0]]] : undefined;
}

/** Expression variants whose every child is an expression (or a keyword we can ignore). */
const PLAIN_COMPOSITES = new Set([
  'AllOp', 'AnyOp', 'Array', 'AtTimeZone', 'Between', 'BinaryOp', 'Cast', 'Ceil', 'Collate', 'Convert',
  'Floor', 'ILike', 'InList', 'Interval', 'IsDistinctFrom', 'IsFalse', 'IsNotDistinctFrom', 'IsNotFalse',
  'IsNotNull', 'IsNotTrue', 'IsNotUnknown', 'IsNull', 'IsTrue', 'IsUnknown', 'Like', 'Overlay', 'Position',
  'RLike', 'SimilarTo', 'Substring', 'Trim', 'Tuple', 'UnaryOp', 'Extract',
]);
/** Keys under those variants that hold types, names or keywords, never columns. */
const NON_EXPRESSION_KEYS = new Set(['data_type', 'format', 'field', 'collation', 'charset', 'span', 'trim_where']);

function containsIdentifier(node: Json): boolean {
  if (Array.isArray(node)) return node.some(containsIdentifier);
  if (node === null || typeof node !== 'object') return false;
  if ('Identifier' in node || 'CompoundIdentifier' in node) return true;
  return Object.values(node).some(containsIdentifier);
}

/** In an expression, a column used inside something else is transformed, not copied. */
const nested = (mode: Transformation): Transformation =>
  mode.type === 'DIRECT' && mode.subtype === 'IDENTITY' ? direct('TRANSFORMATION', mode.masking) : mode;

/**
 * Walks one statement's queries and expressions into column edges. Anything it does not know how
 * to read exactly raises Unsupported, so a statement gets exact column lineage or none.
 */
export class LineageWalker {
  constructor(private readonly context: WalkContext) {}

  // ---- queries ------------------------------------------------------------------------------

  query(query: Json, outer: Scope | undefined, ctes: Map<string, QueryLineage>): QueryLineage {
    let visible = ctes;
    if (query.with) {
      if (query.with.recursive) throw new Unsupported('recursive WITH');
      visible = new Map(ctes);
      for (const cte of query.with.cte_tables) {
        const result = this.query(cte.query, outer, visible);
        visible.set(identName(cte.alias.name, this.naming.dialect), this.renamed(result, cte.alias.columns));
      }
    }
    if (query.limit_clause && containsIdentifier(query.limit_clause)) throw new Unsupported('LIMIT with a column');
    return this.setExpression(query.body, outer, visible, query.order_by);
  }

  private setExpression(body: Json, outer: Scope | undefined, ctes: Map<string, QueryLineage>, orderBy: Json): QueryLineage {
    const [kind, node] = variant(body) ?? ['?', undefined];
    if (kind === 'Select') return this.select(node, outer, ctes, orderBy);
    let result: QueryLineage;
    if (kind === 'Query') result = this.query(node, outer, ctes);
    else if (kind === 'SetOperation') result = this.setOperation(node, outer, ctes);
    else if (kind === 'Values') result = this.values(node, outer);
    else throw new Unsupported(`${kind} as a query body`);
    const indirectEdges = [...result.indirect, ...this.orderBy(orderBy, result.columns, undefined)];
    return { columns: result.columns, indirect: indirectEdges };
  }

  private setOperation(node: Json, outer: Scope | undefined, ctes: Map<string, QueryLineage>): QueryLineage {
    const left = this.setExpression(node.left, outer, ctes, undefined);
    const right = this.setExpression(node.right, outer, ctes, undefined);
    if (left.columns.length !== right.columns.length) throw new Unsupported('set operation with unequal column counts');
    const indirectEdges = [...left.indirect, ...right.indirect];
    if (node.op === 'Union') {
      const columns = left.columns.map((column, index) => ({
        name: column.name,
        edges: [...column.edges, ...right.columns[index].edges],
      }));
      return { columns, indirect: indirectEdges };
    }
    // EXCEPT and INTERSECT return the left rows; the right side only decides which ones.
    const filters = right.columns.flatMap((column) => composeAll(indirect('FILTER'), column.edges));
    return { columns: left.columns, indirect: [...indirectEdges, ...filters] };
  }

  private values(node: Json, outer: Scope | undefined): QueryLineage {
    const scope: Scope = { relations: [], parent: outer };
    const sink: Edge[] = [];
    const rows: Json[][] = node.rows.map((row: Json) => (Array.isArray(row) ? row : row.content));
    const width = rows[0]?.length ?? 0;
    if (rows.some((row) => row.length !== width)) throw new Unsupported('VALUES rows of unequal width');
    const columns: Column[] = Array.from({ length: width }, (_, index) => ({
      edges: rows.flatMap((row) => this.expression(row[index], scope, direct('IDENTITY'), sink)),
    }));
    return { columns, indirect: sink };
  }

  private select(select: Json, outer: Scope | undefined, ctes: Map<string, QueryLineage>, orderBy: Json): QueryLineage {
    for (const unsupported of ['lateral_views', 'connect_by', 'named_window'] as const) {
      if (Array.isArray(select[unsupported]) && select[unsupported].length > 0) throw new Unsupported(unsupported);
    }
    const scope: Scope = { relations: [], parent: outer };
    const sink: Edge[] = [];
    for (const from of select.from ?? []) this.tableWithJoins(from, scope, ctes, sink);

    const columns: Column[] = [];
    for (const item of select.projection) columns.push(...this.projection(item, scope, sink));

    if (select.selection) sink.push(...this.expression(select.selection, scope, indirect('FILTER'), sink));
    sink.push(...this.groupBy(select.group_by, scope, columns, sink));
    if (select.having) sink.push(...this.expression(select.having, scope, indirect('FILTER'), sink));
    if (select.qualify) sink.push(...this.expression(select.qualify, scope, indirect('FILTER'), sink));
    sink.push(...this.orderBy(orderBy, columns, scope, sink));
    return { columns, indirect: sink };
  }

  private projection(item: Json, scope: Scope, sink: Edge[]): Column[] {
    const [kind, node] = variant(item) ?? ['?', undefined];
    if (kind === 'UnnamedExpr') {
      return [{ name: this.expressionName(node), edges: this.expression(node, scope, direct('IDENTITY'), sink) }];
    }
    if (kind === 'ExprWithAlias') {
      return [{ name: identName(node.alias, this.naming.dialect), edges: this.expression(node.expr, scope, direct('IDENTITY'), sink) }];
    }
    if (kind === 'Wildcard' || kind === 'QualifiedWildcard') {
      const relations =
        kind === 'Wildcard' ? scope.relations : [findRelation(this.parts(variant(node[0])?.[1] ?? node[0]), scope)];
      return relations.flatMap((relation) => {
        if (!relation.columns) throw new Unsupported('SELECT * from a table whose columns are unknown');
        return relation.columns.map((column) => ({ name: column.name, edges: relation.isTarget ? [] : column.edges }));
      });
    }
    throw new Unsupported(`${kind} in a select list`);
  }

  private expressionName(node: Json): string | undefined {
    const [kind, value] = variant(node) ?? [];
    if (kind === 'Identifier') return identName(value, this.naming.dialect);
    if (kind === 'CompoundIdentifier') return identName(value[value.length - 1], this.naming.dialect);
    if (kind === 'Nested') return this.expressionName(value);
    return undefined;
  }

  private groupBy(groupBy: Json, scope: Scope, columns: Column[], sink: Edge[]): Edge[] {
    if (!groupBy || groupBy === 'None') return [];
    const [kind, node] = variant(groupBy) ?? [String(groupBy), undefined];
    if (kind !== 'Expressions') throw new Unsupported(`GROUP BY ${kind}`);
    const [expressions, modifiers] = node as [Json[], Json[]];
    if (modifiers?.length) throw new Unsupported('GROUP BY modifiers');
    return expressions.flatMap((expression) => this.outputOrInput(expression, columns, scope, indirect('GROUP_BY'), sink));
  }

  private orderBy(orderBy: Json, columns: Column[], scope: Scope | undefined, sink: Edge[] = []): Edge[] {
    if (!orderBy) return [];
    const [kind, items] = variant(orderBy.kind) ?? [String(orderBy.kind), undefined];
    if (kind !== 'Expressions') throw new Unsupported(`ORDER BY ${kind}`);
    return (items as Json[]).flatMap((item) => this.outputOrInput(item.expr, columns, scope, indirect('SORT'), sink));
  }

  /** GROUP BY and ORDER BY may name an output column by position or name, or use input columns. */
  private outputOrInput(expression: Json, columns: Column[], scope: Scope | undefined, mode: Transformation, sink: Edge[]): Edge[] {
    const [kind, node] = variant(expression) ?? [];
    if (kind === 'Value' && variant(node.value)?.[0] === 'Number') {
      const column = columns[Number(variant(node.value)![1][0]) - 1];
      if (!column) throw new Unsupported('position beyond the select list');
      return composeAll(mode, column.edges);
    }
    if (kind === 'Identifier') {
      // An output name wins: with a table whose columns are unknown we could not tell an input
      // column of that name apart, and PostgreSQL users write `GROUP BY alias` often.
      const name = identName(node, this.naming.dialect);
      const outputs = columns.filter((column) => column.name === name);
      if (outputs.length === 1) return composeAll(mode, outputs[0].edges);
    }
    if (!scope) throw new Unsupported('ORDER BY an expression over a set operation');
    return this.expression(expression, scope, mode, sink);
  }

  // ---- relations ----------------------------------------------------------------------------

  /** Adds a FROM item and its joins to `scope`; join conditions become JOIN edges in `sink`. */
  tableWithJoins(from: Json, scope: Scope, ctes: Map<string, QueryLineage>, sink: Edge[]): void {
    this.relation(from.relation, scope, ctes, sink);
    for (const join of from.joins ?? []) {
      const before = scope.relations.slice();
      this.relation(join.relation, scope, ctes, sink);
      this.joinConstraint(join.join_operator, before, scope, sink);
    }
  }

  private joinConstraint(operator: Json, before: Relation[], scope: Scope, sink: Edge[]): void {
    const [joinKind, constraint] = variant(operator) ?? [String(operator), undefined];
    const [kind, node] = variant(constraint) ?? [String(constraint), undefined];
    if (kind === 'On') {
      sink.push(...this.expression(node, scope, indirect('JOIN'), sink));
    } else if (kind === 'Using') {
      const added = scope.relations.slice(before.length);
      for (const name of node as Json[]) {
        const field = this.parts(name).pop()!;
        const left = resolveColumn([field], { relations: before, usingColumns: scope.usingColumns });
        const right = resolveColumn([field], { relations: added });
        sink.push(...composeAll(indirect('JOIN'), [...left, ...right]));
        const merged = /Right/.test(joinKind) ? right : /Full/.test(joinKind) ? [...left, ...right] : left;
        (scope.usingColumns ??= new Map()).set(field, /Full/.test(joinKind) ? composeAll(direct('TRANSFORMATION'), merged) : merged);
      }
    } else if (kind !== 'None') {
      throw new Unsupported(`${joinKind} ${kind}`);
    }
  }

  relation(factor: Json, scope: Scope, ctes: Map<string, QueryLineage>, sink: Edge[]): Relation {
    const [kind, node] = variant(factor) ?? ['?', undefined];
    let relation: Relation;
    if (kind === 'Table') {
      if (node.args) throw new Unsupported('table function');
      const parts = this.parts(node.name);
      const cte = parts.length === 1 ? ctes.get(parts[0]) : undefined;
      if (cte) {
        sink.push(...cte.indirect);
        relation = { alias: parts[0], nameParts: parts, columns: cte.columns };
      } else {
        if (isSystemTable(parts, this.naming.dialect)) throw new Unsupported('a system catalog table');
        const dataset = this.dataset(parts);
        const known = this.context.schemas.get(dataset.name);
        const columns = known?.map((field) => ({ name: field, edges: [{ dataset, field, transformation: direct('IDENTITY') }] }));
        relation = { alias: parts[parts.length - 1], nameParts: parts, dataset, columns };
      }
    } else if (kind === 'Derived') {
      const result = this.query(node.subquery, node.lateral ? scope : scope.parent, ctes);
      sink.push(...result.indirect);
      relation = { columns: result.columns };
    } else if (kind === 'UNNEST') {
      const columns = (node.array_exprs as Json[]).map((expression) => ({
        edges: this.expression(expression, scope, direct('TRANSFORMATION'), sink),
      }));
      if (node.with_ordinality || node.with_offset) columns.push({ edges: [] });
      relation = { columns };
    } else if (kind === 'NestedJoin') {
      if (node.alias) throw new Unsupported('an aliased parenthesized join');
      this.tableWithJoins(node.table_with_joins, scope, ctes, sink);
      return scope.relations[scope.relations.length - 1];
    } else {
      throw new Unsupported(`${kind} in FROM`);
    }
    if (node.alias) {
      relation = {
        ...relation,
        alias: identName(node.alias.name, this.naming.dialect),
        nameParts: undefined,
        columns: this.renamedColumns(relation.columns, node.alias.columns),
      };
    } else if (kind === 'UNNEST') {
      throw new Unsupported('UNNEST without column names');
    }
    scope.relations.push(relation);
    return relation;
  }

  dataset(parts: string[]): DatasetId {
    return { namespace: this.context.namespace, name: qualifiedTableName(parts, this.naming) };
  }

  parts(objectName: Json): string[] {
    const parts = objectNameParts(objectName, this.naming.dialect);
    if (parts) return parts;
    if (Array.isArray(objectName) && objectName.every((part) => typeof part?.value === 'string')) {
      return objectName.map((part: Ident) => identName(part, this.naming.dialect));
    }
    throw new Unsupported('a name the parser shaped unexpectedly');
  }

  private renamed(result: QueryLineage, aliasColumns: Json[] | undefined): QueryLineage {
    return { ...result, columns: this.renamedColumns(result.columns, aliasColumns)! };
  }

  private renamedColumns(columns: Column[] | undefined, aliasColumns: Json[] | undefined): Column[] | undefined {
    if (!aliasColumns || aliasColumns.length === 0) return columns;
    if (!columns) throw new Unsupported('column aliases for a table whose columns are unknown');
    if (aliasColumns.length > columns.length) throw new Unsupported('more column aliases than columns');
    return columns.map((column, index) =>
      index < aliasColumns.length
        ? { ...column, name: identName(aliasColumns[index].name ?? aliasColumns[index], this.naming.dialect) }
        : column,
    );
  }

  // ---- expressions --------------------------------------------------------------------------

  /**
   * The input columns an expression uses, each with how (`mode` for a bare column; inside
   * anything else a direct use becomes a transformation). Edges of subqueries' own filters and
   * joins go to `sink`, as they shape the rows rather than this value.
   */
  expression(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const [kind, value] = variant(node) ?? ['?', node];
    switch (kind) {
      case 'Identifier':
        return composeAll(mode, resolveColumn([identName(value, this.naming.dialect)], scope));
      case 'CompoundIdentifier':
        return composeAll(mode, resolveColumn(value.map((ident: Ident) => identName(ident, this.naming.dialect)), scope));
      case 'Nested':
        return this.expression(value, scope, mode, sink);
      case 'Value':
      case 'TypedString':
        return [];
      case 'Function':
        return this.functionCall(value, scope, mode, sink);
      case 'Case':
        return this.caseExpression(value, scope, mode, sink);
      case 'Subquery':
        return this.subquery(value, scope, mode, sink);
      case 'InSubquery':
        return [...this.expression(value.expr, scope, nested(mode), sink), ...this.subquery(value.subquery, scope, nested(mode), sink)];
      case 'Exists':
        return this.subquery(value.subquery, scope, nested(mode), sink);
      case 'Lambda':
        return this.lambda(value, scope, mode, sink);
      case 'CompoundFieldAccess':
        return this.fieldAccess(value, scope, mode, sink);
      case 'BinaryOp':
        // Trino has no JSON `->` operator; the generic dialect reads its lambdas `x -> ...` so.
        if (value.op === 'Arrow' && this.naming.dialect === 'trino') return this.trinoLambda(value, scope, mode, sink);
        return this.children(value, scope, nested(mode), sink);
      default:
        if (PLAIN_COMPOSITES.has(kind)) return this.children(value, scope, nested(mode), sink);
        if (containsIdentifier(value)) throw new Unsupported(`the expression ${kind}`);
        return [];
    }
  }

  /** Every expression found under `node`, walked with the same mode. */
  private children(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    if (Array.isArray(node)) return node.flatMap((child) => this.children(child, scope, mode, sink));
    if (node === null || typeof node !== 'object') return [];
    const single = variant(node);
    if (single && /^[A-Z]/.test(single[0])) return this.expression(node, scope, mode, sink);
    return Object.entries(node).flatMap(([key, child]) =>
      NON_EXPRESSION_KEYS.has(key) ? [] : this.children(child, scope, mode, sink),
    );
  }

  private functionCall(call: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const name = this.parts(call.name).join('.');
    const window = call.over ? variant(call.over) : undefined;
    if (call.over && window?.[0] !== 'WindowSpec') throw new Unsupported('a named window');
    const aggregate = isAggregate(name) && mode.type === 'DIRECT';
    const masking = mode.masking || isMasking(name);
    const argumentMode: Transformation = aggregate ? direct('AGGREGATION', masking) : { ...nested(mode), masking: mode.type === 'DIRECT' && masking };

    const edges: Edge[] = [];
    const args = this.functionArguments(call.args);
    const conditionAt = conditionArgument(name);
    args.forEach((argument, index) => {
      if (index === conditionAt) {
        edges.push(...this.expression(argument, scope, indirect('CONDITIONAL'), sink));
      } else {
        edges.push(...this.expression(argument, scope, argumentMode, sink));
        if (isChooser(name)) edges.push(...this.expression(argument, scope, indirect('CONDITIONAL'), sink));
      }
    });
    for (const clause of variant(call.args)?.[1]?.clauses ?? []) edges.push(...this.children(clause, scope, argumentMode, sink));
    if (call.filter) edges.push(...this.expression(call.filter, scope, indirect('FILTER'), sink));
    for (const item of call.within_group ?? []) edges.push(...this.expression(item.expr, scope, argumentMode, sink));
    if (window) {
      const spec = window[1];
      if (spec.window_name) throw new Unsupported('a window based on a named window');
      for (const partition of spec.partition_by ?? []) edges.push(...this.expression(partition, scope, indirect('WINDOW'), sink));
      for (const order of spec.order_by ?? []) edges.push(...this.expression(order.expr, scope, indirect('WINDOW'), sink));
      if (spec.window_frame && containsIdentifier(spec.window_frame)) throw new Unsupported('a window frame over a column');
    }
    return edges;
  }

  private functionArguments(args: Json): Json[] {
    if (!args || args === 'None') return [];
    const [kind, node] = variant(args) ?? [];
    if (kind === 'Subquery') return [{ Subquery: node }];
    if (kind !== 'List') throw new Unsupported(`function arguments ${kind}`);
    return (node.args as Json[]).flatMap((argument) => {
      const [argumentKind, payload] = variant(argument) ?? [];
      const expression = argumentKind === 'Unnamed' ? payload : argumentKind === 'Named' || argumentKind === 'ExprNamed' ? payload.arg : undefined;
      if (expression === 'Wildcard') return [];
      const [expressionKind, inner] = variant(expression) ?? [];
      if (expressionKind === 'Expr') return [inner];
      throw new Unsupported(`a function argument ${expressionKind ?? argumentKind}`);
    });
  }

  private caseExpression(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const edges: Edge[] = [];
    const condition = indirect('CONDITIONAL');
    if (node.operand) edges.push(...this.expression(node.operand, scope, condition, sink));
    for (const when of node.conditions ?? []) {
      edges.push(...this.expression(when.condition, scope, condition, sink));
      edges.push(...this.expression(when.result, scope, nested(mode), sink));
    }
    if (node.else_result) edges.push(...this.expression(node.else_result, scope, nested(mode), sink));
    return edges;
  }

  private subquery(query: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const result = this.query(query, scope, new Map());
    sink.push(...result.indirect);
    return result.columns.flatMap((column) => column.edges.map((edge) => ({ ...edge, transformation: compose(mode, edge.transformation) })));
  }

  private lambda(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const params = Array.isArray(node.params) ? node.params : node.params?.Many ?? [node.params?.One ?? node.params];
    const names = new Set<string>(params.map((param: Json) => identName(param.name ?? param, this.naming.dialect)));
    return this.expression(node.body, { relations: [], parent: scope, lambdaParams: names }, nested(mode), sink);
  }

  private trinoLambda(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const [kind, params] = variant(node.left) ?? [];
    const idents: Json[] = kind === 'Identifier' ? [params] : kind === 'Tuple' ? params.map((param: Json) => param.Identifier) : [];
    if (idents.length === 0 || idents.some((ident) => !ident)) throw new Unsupported('a lambda with unusual parameters');
    return this.lambda({ params: idents, body: node.right }, scope, mode, sink);
  }

  private fieldAccess(node: Json, scope: Scope, mode: Transformation, sink: Edge[]): Edge[] {
    const edges = this.expression(node.root, scope, nested(mode), sink);
    for (const access of node.access_chain ?? []) {
      const [kind, payload] = variant(access) ?? [];
      if (kind !== 'Subscript') throw new Unsupported('a field of a row');
      edges.push(...this.children(payload, scope, nested(mode), sink));
    }
    return edges;
  }

  get naming(): NamingContext {
    return this.context.naming;
  }
}
