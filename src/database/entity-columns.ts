import { getMetadataArgsStorage } from 'typeorm';

/** The entity's own column names, by property, read from its @Column decorators. */
function columnNames(entity: Function): Map<string, string> {
  const columns = getMetadataArgsStorage().columns.filter((c) => c.target === entity);
  return new Map(columns.map((c) => [c.propertyName, c.options.name ?? c.propertyName]));
}

/**
 * The SELECT list of a raw query whose rows are `Pick<Entity, K>`: `alias.column AS "property"`
 * for each property, the column names taken from the entity. Raw SQL stays where it is there for
 * performance, while its row type and its columns come from the one description of the table.
 * Throws (at load, when a repository builds its lists) for a property that is not a column.
 */
export function selectColumns<E, K extends Extract<keyof E, string>>(entity: new () => E, properties: readonly K[], alias?: string): string {
  const names = columnNames(entity);
  return properties
    .map((property) => {
      const column = names.get(property);
      if (column === undefined) throw new Error(`${entity.name}.${property} is not a column`);
      const qualified = alias ? `${alias}.${column}` : column;
      return column === property ? qualified : `${qualified} AS "${property}"`;
    })
    .join(', ');
}
