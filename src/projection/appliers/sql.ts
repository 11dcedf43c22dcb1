/**
 * Statements are built as text with the batch's rows inline as one JSON literal, so a whole
 * batch goes to PostgreSQL in one round trip (several statements, run in order, in the caller's
 * transaction). Values never become SQL: they travel inside a string literal whose only special
 * character, the single quote, is doubled (standard_conforming_strings is on since PostgreSQL 9.1).
 */

/** A column of a multi-row statement: its name in the statement, its PostgreSQL type, its value. */
export type Column<T> = [name: string, pgType: string, value: (row: T) => unknown];

export function jsonLiteral(value: unknown): string {
  const json = JSON.stringify(value);
  return `'${json.includes("'") ? json.replace(/'/g, "''") : json}'::json`;
}

/** `json_to_recordset('[...]') AS u(a uuid, b text, ...)`: the batch as a typed relation. */
export function recordset<T>(rows: T[], columns: Array<Column<T>>): string {
  const records = rows.map((row) => Object.fromEntries(columns.map(([name, , value]) => [name, value(row) ?? null])));
  return `json_to_recordset(${jsonLiteral(records)}) AS u(${columns.map(([name, type]) => `${name} ${type}`).join(', ')})`;
}

/** A relation of distinct ids, for the derived-column updates. */
export function idList(ids: string[]): string {
  return `(SELECT DISTINCT value::uuid AS id FROM json_array_elements_text(${jsonLiteral(ids)}) AS value)`;
}

export const stamp = <T extends { at: Date; eventId: string }>(): Array<Column<T>> => [
  ['at', 'timestamptz', (r) => r.at],
  ['event_id', 'bigint', (r) => r.eventId],
];

/**
 * The "latest" guard: one row per key holds the value of the greatest (event time, event id);
 * an older event, early or late, changes nothing. Rows are written in key order.
 */
export function latestSql<T extends { at: Date; eventId: string }>(
  table: string,
  keys: Array<Column<T>>,
  values: Array<Column<T>>,
  rows: T[],
): string | null {
  if (rows.length === 0) return null;
  const source = recordset(rows, [...keys, ...values, ...stamp<T>()]);
  const k = keys.map(([n]) => n).join(', ');
  const v = values.map(([n]) => n);
  const columns = [k, ...v].join(', ');
  return `INSERT INTO ${table} AS x (${columns}, event_time, event_id)
     SELECT DISTINCT ON (${k}) ${columns}, at, event_id FROM ${source}
      ORDER BY ${k}, at DESC, event_id DESC
     ON CONFLICT (${k}) DO UPDATE SET ${[...v, 'event_time', 'event_id'].map((c) => `${c} = excluded.${c}`).join(', ')}
     WHERE (excluded.event_time, excluded.event_id) > (x.event_time, x.event_id)`;
}

/**
 * The "span" guard: first_seen_at (and first_event_id) keep the least (event time, event id),
 * last_seen_at (and last_event_id) the greatest; `followers` change only with the greatest.
 */
export function spanSql<T extends { at: Date; eventId: string }>(
  table: string,
  options: { keys: Array<Column<T>>; followers: Array<Column<T>>; firstEventId: boolean },
  rows: T[],
): string | null {
  if (rows.length === 0) return null;
  const { keys, followers, firstEventId } = options;
  const source = recordset(rows, [...keys, ...followers, ...stamp<T>()]);
  const k = keys.map(([n]) => n);
  const f = followers.map(([n]) => n);
  const first = firstEventId ? '(excluded.first_seen_at, excluded.first_event_id) < (x.first_seen_at, x.first_event_id)' : 'excluded.first_seen_at < x.first_seen_at';
  const last = '(excluded.last_seen_at, excluded.last_event_id) > (x.last_seen_at, x.last_event_id)';
  const insertColumns = [...k, 'first_seen_at', ...(firstEventId ? ['first_event_id'] : []), 'last_seen_at', 'last_event_id', ...f];
  const selected = [
    ...k.map((c) => `l.${c}`),
    'f.at',
    ...(firstEventId ? ['f.event_id'] : []),
    'l.at',
    'l.event_id',
    ...f.map((c) => `l.${c}`),
  ];
  const set = [
    `first_seen_at = CASE WHEN ${first} THEN excluded.first_seen_at ELSE x.first_seen_at END`,
    ...(firstEventId ? [`first_event_id = CASE WHEN ${first} THEN excluded.first_event_id ELSE x.first_event_id END`] : []),
    ...['last_seen_at', 'last_event_id', ...f].map((c) => `${c} = CASE WHEN ${last} THEN excluded.${c} ELSE x.${c} END`),
  ];
  return `WITH u AS (SELECT * FROM ${source}),
     f AS (SELECT DISTINCT ON (${k.join(', ')}) ${k.join(', ')}, at, event_id FROM u ORDER BY ${k.join(', ')}, at, event_id),
     l AS (SELECT DISTINCT ON (${k.join(', ')}) * FROM u ORDER BY ${k.join(', ')}, at DESC, event_id DESC)
     INSERT INTO ${table} AS x (${insertColumns.join(', ')})
     SELECT ${selected.join(', ')} FROM l JOIN f USING (${k.join(', ')}) ORDER BY ${k.map((c) => `l.${c}`).join(', ')}
     ON CONFLICT (${k.join(', ')}) DO UPDATE SET ${set.join(', ')}
     WHERE ${first} OR ${last}`;
}
