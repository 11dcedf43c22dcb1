/**
 * Each statement takes the batch's rows as one parameter, a JSON array that
 * `jsonb_to_recordset` turns into a typed relation: the statement text stays small and constant
 * for a given table (the rows are never lexed as SQL), and the rows are parsed once, straight
 * into jsonb.
 */

/**
 * A statement and its one parameter. Its best plan does not depend on the parameter, so it is
 * prepared and planned once per connection (see run-statement.ts).
 */
export interface Statement {
  sql: string;
  values: [string];
}

/** The batch's data: the SQL that reads it as a relation, and the parameter it reads. */
export interface Source {
  sql: string;
  value: string;
}

export function statement(sql: string, source: Source): Statement {
  return { sql, values: [source.value] };
}

/** A column of a multi-row statement: its name in the statement, its PostgreSQL type, its value. */
export type Column<T> = [name: string, pgType: string, value: (row: T) => unknown];

/**
 * `(SELECT ... FROM jsonb_to_recordset($1)) AS u`: the batch as a typed relation `u`. Each row
 * travels with short keys (c0, c1, ...): the names repeat on every row, and for narrow rows such
 * as column lineage edges they were half of the parameter.
 */
export function recordset<T>(rows: T[], columns: Array<Column<T>>): Source {
  const renamed = columns.map(([name], i) => `c${i} AS ${name}`).join(', ');
  const typed = columns.map(([, type], i) => `c${i} ${type}`).join(', ');
  // The planner estimates a function's rows without looking at its argument, so every plan is the same.
  return { sql: `(SELECT ${renamed} FROM jsonb_to_recordset($1::jsonb) AS r(${typed})) AS u`, value: recordsJson(rows, columns) };
}

/**
 * The rows as a JSON array of objects keyed c0, c1, ..., written as text value by value: what
 * JSON.stringify gives for one object per row, without building those objects. Rows of one event
 * repeat its time: a Date is formatted once while the rows repeat it.
 */
function recordsJson<T>(rows: T[], columns: Array<Column<T>>): string {
  const prefixes = columns.map((_, i) => `${i === 0 ? '{' : ','}"c${i}":`);
  let lastDate: Date | undefined;
  let lastDateJson = '';
  let out = '[';
  for (let r = 0; r < rows.length; r++) {
    if (r > 0) out += ',';
    for (let c = 0; c < columns.length; c++) {
      const value = columns[c][2](rows[r]);
      let json: string;
      if (value === undefined || value === null) {
        json = 'null';
      } else if (value instanceof Date) {
        if (value !== lastDate) {
          lastDate = value;
          lastDateJson = JSON.stringify(value);
        }
        json = lastDateJson;
      } else {
        json = JSON.stringify(value);
      }
      out += prefixes[c] + json;
    }
    out += '}';
  }
  return `${out}]`;
}
