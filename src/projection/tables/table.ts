import { getMetadataArgsStorage } from 'typeorm';
import { compareEventIds } from '../../log/logged-event';
import { recordset, Statement, statement } from '../statements/sql';

/** The PostgreSQL types of projection columns, as the entities declare them. */
export type PgType = 'uuid' | 'text' | 'timestamptz' | 'bigint' | 'boolean' | 'jsonb';

interface ColumnInfo {
  property: string;
  name: string;
  type: PgType;
}

/** A column's name in the statement: `x.col` for the stored row, `excluded.col` for the incoming. */
export type ColumnSql = (alias: 'x' | 'excluded', property: string) => string;

/**
 * One part of a rank: a column, or a value derived from the row with its TypeScript and SQL forms
 * written side by side from one definition (e.g. "the state is terminal").
 */
export interface DerivedRank<R> {
  ts: (row: R) => boolean;
  sql: (column: (property: keyof R & string) => string) => string;
}
type RankPart<R> = (keyof R & string) | DerivedRank<R>;

/**
 * How one group of columns of a row is kept when a row of the same key arrives: the same rule
 * runs in TypeScript (coalescing a batch's rows per key) and in SQL (the upsert against the stored
 * row), both generated from this one description.
 */
export interface Rule<R> {
  readonly properties: ReadonlyArray<keyof R & string>;
  /** Folds `incoming` into `kept` (rows of one key): TypeScript's half of the rule. */
  merge(kept: R, incoming: R, compare: Comparator<R>): void;
  /** SQL's half: `SET` assignments (`name` is a column's bare name), and the condition under which the stored row changes. */
  assignments(column: ColumnSql, name: (property: keyof R & string) => string): string[];
  changes(column: ColumnSql): string | null;
  /** The value an INSERT writes, when it is not the incoming column as is. */
  insertValue?(column: (property: keyof R & string) => string): Partial<Record<keyof R & string, string>>;
}

export type Comparator<R> = (property: keyof R & string, a: R, b: R) => number;

/** Columns that are a function of the key (a dataset's namespace and name): written once, on insert. */
export function fixed<R>(...properties: Array<keyof R & string>): Rule<R> {
  return { properties, merge: () => undefined, assignments: () => [], changes: () => null };
}

export interface RankedOptions<R> {
  /** The rank compared, in order; the columns of the group by default. */
  rank?: Array<RankPart<R>>;
  /** 'greatest' keeps the row with the greatest rank (last seen); 'least' the least (first seen). */
  keep: 'greatest' | 'least';
  /**
   * For groups an event may not state (a run's state, a job's SQL): a row whose `presentIf` is
   * null does not state the group and never wins; a stored null loses to any stated value.
   */
  presentIf?: keyof R & string;
}

/**
 * A group of columns replaced together by the row of the greatest (or least) rank: every guard of
 * the projection is one of these (first seen, last seen, latest facet, run state, current version).
 */
export interface RankedRule<R> extends Rule<R> {
  /** Whether `incoming` outranks `kept` (TypeScript), and the same condition in SQL. */
  wins(incoming: R, kept: R, compare: Comparator<R>): boolean;
  winsSql(column: ColumnSql): string;
}

export function ranked<R>(properties: Array<keyof R & string>, options: RankedOptions<R>): RankedRule<R> {
  const rank = options.rank ?? properties;
  const sign = options.keep === 'greatest' ? 1 : -1;
  const present = options.presentIf;
  const wins = (incoming: R, kept: R, compare: Comparator<R>): boolean => {
    if (present !== undefined) {
      if (incoming[present] === null || incoming[present] === undefined) return false;
      if (kept[present] === null || kept[present] === undefined) return true;
    }
    for (const part of rank) {
      const c = typeof part === 'string' ? compare(part, incoming, kept) : Number(part.ts(incoming)) - Number(part.ts(kept));
      if (c !== 0) return c * sign > 0;
    }
    return false;
  };
  const winsSql = (column: ColumnSql): string => {
    const tuple = (alias: 'x' | 'excluded') =>
      `(${rank.map((part) => (typeof part === 'string' ? column(alias, part) : part.sql((p) => column(alias, p)))).join(', ')})`;
    const compared = `${tuple('excluded')} ${sign > 0 ? '>' : '<'} ${tuple('x')}`;
    if (present === undefined) return compared;
    return `(${column('excluded', present)} IS NOT NULL AND (${column('x', present)} IS NULL OR ${compared}))`;
  };
  return {
    properties,
    wins,
    winsSql,
    merge(kept, incoming, compare) {
      if (!wins(incoming, kept, compare)) return;
      for (const p of properties) kept[p] = incoming[p];
    },
    assignments: (column, name) => {
      const condition = winsSql(column);
      return properties.map((p) => `${name(p)} = CASE WHEN ${condition} THEN ${column('excluded', p)} ELSE ${column('x', p)} END`);
    },
    changes: winsSql,
  };
}

/** The spec of one projection table: its entity (columns and types), key and rules. */
export interface TableSpec<R> {
  key: Array<keyof R & string>;
  rules: Array<Rule<R>>;
}

/**
 * A projection table: its rows as the entity types them, the rule of each column, and from those
 * both the coalescing of a batch's rows per key and the one upsert that applies them.
 */
export class ProjectionTable<R> {
  readonly name: string;
  private readonly columns: ColumnInfo[];
  private readonly byProperty: Map<string, ColumnInfo>;
  private readonly key: ReadonlyArray<keyof R & string>;
  private readonly keyParts: Array<{ property: keyof R & string; uuid: boolean }>;
  private readonly rules: ReadonlyArray<Rule<R>>;
  private readonly sql: string;
  private readonly compare: Comparator<R>;

  constructor(entity: abstract new () => R, spec: TableSpec<R>) {
    const described = entityColumns(entity);
    this.name = described.table;
    this.key = spec.key;
    this.rules = spec.rules;
    const written = [...spec.key, ...spec.rules.flatMap((r) => r.properties)];
    const missing = [...described.columns.keys()].filter((p) => !written.includes(p as keyof R & string));
    const unknown = written.filter((p) => !described.columns.has(p));
    if (missing.length > 0 || unknown.length > 0 || new Set(written).size !== written.length) {
      throw new Error(`${this.name}: every column needs exactly one rule (without one: ${missing.join(', ') || '-'}; not a column: ${unknown.join(', ') || '-'})`);
    }
    this.byProperty = described.columns;
    this.columns = written.map((p) => described.columns.get(p)!);
    this.keyParts = spec.key.map((property) => ({ property, uuid: described.columns.get(property)!.type === 'uuid' }));
    const types: Record<string, PgType> = Object.fromEntries([...described.columns].map(([p, c]) => [p, c.type]));
    this.compare = (property, a, b) => compareValues(types[property], a[property], b[property]);
    this.sql = this.upsertText();
  }

  /** The key of a row as one string (uuids lower-cased, as PostgreSQL compares them). */
  keyOf(row: R): string {
    const parts = this.keyParts;
    if (parts.length === 1) return keyText(parts[0], row);
    let key = keyText(parts[0], row);
    for (let i = 1; i < parts.length; i++) key += `\u0000${keyText(parts[i], row)}`;
    return key;
  }

  /**
   * One row per key, each rule applied in TypeScript: what the upsert would leave from these rows
   * alone. The first row of each key is the one kept and folded into: the rows are the caller's
   * to give (processors make new ones for every event).
   */
  coalesce(rows: R[]): R[] {
    const byKey = new Map<string, R>();
    for (const row of rows) {
      const key = this.keyOf(row);
      const kept = byKey.get(key);
      if (kept === undefined) byKey.set(key, row);
      else for (const rule of this.rules) rule.merge(kept, row, this.compare);
    }
    return byKey.size === rows.length ? rows : [...byKey.values()];
  }

  /** The statement that applies these rows (coalesced first); null when there are none. */
  upsert(rows: R[]): Statement | null {
    if (rows.length === 0) return null;
    const source = recordset(this.coalesce(rows), this.columns.map((c) => [c.name, c.type, (row: R) => row[c.property as keyof R]]));
    return statement(this.sql.replace('$SOURCE', () => source.sql), source);
  }

  private upsertText(): string {
    const column: ColumnSql = (alias, property) => `${alias}.${this.byProperty.get(property)!.name}`;
    const names = this.columns.map((c) => c.name);
    const keys = this.key.map((p) => this.byProperty.get(p)!.name).join(', ');
    const inserted: Record<string, string> = {};
    for (const rule of this.rules) Object.assign(inserted, rule.insertValue?.((p) => `u.${this.byProperty.get(p)!.name}`) ?? {});
    const selected = this.columns.map((c) => inserted[c.property] ?? `u.${c.name}`);
    const assignments = this.rules.flatMap((r) => r.assignments(column, (p) => this.byProperty.get(p)!.name));
    const changes = this.rules.map((r) => r.changes(column)).filter((c): c is string => c !== null);
    const conflict = assignments.length === 0 ? 'DO NOTHING' : `DO UPDATE SET ${assignments.join(',\n       ')}\n     WHERE ${changes.join('\n        OR ')}`;
    return `INSERT INTO ${this.name} AS x (${names.join(', ')})
     SELECT ${selected.join(', ')} FROM $SOURCE ORDER BY ${this.key.map((p) => `u.${this.byProperty.get(p)!.name}`).join(', ')}
     ON CONFLICT (${keys}) ${conflict}`;
  }
}

const keyText = <R>(part: { property: keyof R & string; uuid: boolean }, row: R): string => {
  const value = String(row[part.property]);
  return part.uuid ? value.toLowerCase() : value;
};

function compareValues(type: PgType, a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  switch (type) {
    case 'timestamptz':
      // valueOf, not getTime: a PreciseDate orders by the microseconds PostgreSQL keeps.
      return Number(a) - Number(b);
    case 'bigint':
      return compareEventIds(a as string, b as string);
    case 'boolean':
      return Number(a) - Number(b);
    default: {
      const x = type === 'uuid' ? String(a).toLowerCase() : String(a);
      const y = type === 'uuid' ? String(b).toLowerCase() : String(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
  }
}

/** The table and columns an entity's decorators declare (TypeORM's metadata, read without a database). */
function entityColumns(entity: abstract new () => unknown): { table: string; columns: Map<string, ColumnInfo> } {
  const storage = getMetadataArgsStorage();
  const table = storage.tables.find((t) => t.target === entity)?.name;
  if (!table) throw new Error(`${entity.name} is not an entity`);
  const columns = new Map<string, ColumnInfo>();
  for (const c of storage.columns.filter((col) => col.target === entity)) {
    columns.set(c.propertyName, { property: c.propertyName, name: c.options.name ?? c.propertyName, type: c.options.type as PgType });
  }
  return { table, columns };
}
