/** Rows grouped by a key, each group in the rows' order. */
export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * Facet rows merged into one object per key (facet name -> facet), in time linear in the rows:
 * an event may carry thousands of facets, and copying the object per row would be quadratic.
 * Object.fromEntries makes every name an own property, `__proto__` included.
 */
export function facetsBy<T extends { name: string; facet: unknown }>(rows: T[], key: (row: T) => string): Map<string, Record<string, unknown>> {
  const merged = new Map<string, Record<string, unknown>>();
  for (const [k, group] of groupBy(rows, key)) merged.set(k, Object.fromEntries(group.map((row) => [row.name, row.facet])));
  return merged;
}
