import { RowOf, PROJECTION_TABLES, TableName } from './tables';

/**
 * What processors produce and the applier writes: one row of one projection table, typed by the
 * table's entity, carrying every value the row states (derived values included). A group of
 * columns the event does not state is null, stamp included (src/projection/tables/span.ts).
 */
export type Mutation = { [N in TableName]: { table: N; row: RowOf<N> } }[TableName];

/** A batch's rows per table: what the applier writes. */
export type MutationsByTable = { [N in TableName]: Array<RowOf<N>> };

export function groupMutations(mutations: Iterable<Mutation>): MutationsByTable {
  const groups = Object.fromEntries(PROJECTION_TABLES.map((name) => [name, []])) as unknown as MutationsByTable;
  for (const m of mutations) (groups[m.table] as unknown[]).push(m.row);
  return groups;
}

/** A mutation of `table`, typed. */
export function mutation<N extends TableName>(table: N, row: RowOf<N>): Mutation {
  return { table, row } as Mutation;
}
