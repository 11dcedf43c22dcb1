import { compareEventIds } from '../../log/logged-event';

/**
 * Each statement takes the batch's rows as one parameter, a JSON array that
 * `jsonb_to_recordset` turns into a typed relation: the statement text stays small and constant
 * for a given table (the rows are never lexed as SQL), and the rows are parsed once, straight
 * into jsonb (json_to_recordset over an inline literal parsed each jsonb value twice).
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
 * JSON.stringify gives for one object per row. Most of the cost of building one object per row and
 * stringifying it was formatting the same event time again for every row of an event (a batch of
 * 200 Trino events has 1,400 run facet rows); a Date is formatted once here while the rows repeat
 * it (ADR 0008, addendum 6).
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

/**
 * A relation of distinct ids, for the derived-column updates. Those also say `x.id = ANY($1::uuid[])`
 * of the table they update: joined to this relation alone, the planner hashed the whole table (a
 * sequential scan of 410,000 datasets, 465 ms, in every batch of the 1M seed). With that condition
 * even the generic plan, made without the array, probes the primary keys: on the 1M seed (1,000,000
 * datasets, 254,957 jobs) the generic and custom plans of all three updates had the same index
 * scans, for 2 ids and for 200 (ADR 0008, addendum 5).
 */
export function idList(ids: string[]): Source {
  return { sql: '(SELECT DISTINCT unnest($1::uuid[]) AS id)', value: `{${[...new Set(ids)].join(',')}}` };
}

interface Stamped {
  at: Date;
  eventId: string;
}

/** Orders by (event time, event id) as the guards do. */
export function compareStamps(a: Stamped, b: Stamped): number {
  return +a.at - +b.at || compareEventIds(a.eventId, b.eventId);
}

/**
 * Per key, the rows with the least and the greatest stamp, or only the greatest: all that a
 * statement's DISTINCT ON (or min/max) can pick. A batch names a hub dataset or a job in many
 * events; the rest would be serialised, sent and sorted only to be dropped.
 */
export function stampEndsPerKey<T extends Stamped>(rows: T[], keyOf: (row: T) => string, ends: 'first and last' | 'last'): T[] {
  const first = new Map<string, T>();
  const last = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const l = last.get(key);
    if (!l || compareStamps(row, l) > 0) last.set(key, row);
    if (ends === 'last') continue;
    const f = first.get(key);
    if (!f || compareStamps(row, f) < 0) first.set(key, row);
  }
  if (ends === 'last') return [...last.values()];
  return [...first].flatMap(([key, f]) => (last.get(key) === f ? [f] : [f, last.get(key) as T]));
}

const keyFunction = <T>(keys: Array<Column<T>>) => (row: T) => JSON.stringify(keys.map(([, , value]) => value(row)));

export const stamp = <T extends { at: Date; eventId: string }>(): Array<Column<T>> => [
  ['at', 'timestamptz', (r) => r.at],
  ['event_id', 'bigint', (r) => r.eventId],
];

/**
 * The "latest" guard: one row per key holds the value of the greatest (event time, event id);
 * an older event, early or late, changes nothing. Rows are written in key order. Every key the
 * batch names is locked until commit, also where its event loses (ON CONFLICT DO UPDATE locks the
 * row even when its WHERE is false): the runs upsert relies on it (ADR 0008, addendum 4), so keys
 * must not be filtered out before the statement.
 */
export function latestSql<T extends { at: Date; eventId: string }>(
  table: string,
  keys: Array<Column<T>>,
  values: Array<Column<T>>,
  rows: T[],
): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(stampEndsPerKey(rows, keyFunction(keys), 'last'), [...keys, ...values, ...stamp<T>()]);
  const k = keys.map(([n]) => n).join(', ');
  const v = values.map(([n]) => n);
  const columns = [k, ...v].join(', ');
  return statement(`INSERT INTO ${table} AS x (${columns}, event_time, event_id)
     SELECT DISTINCT ON (${k}) ${columns}, at, event_id FROM ${source.sql}
      ORDER BY ${k}, at DESC, event_id DESC
     ON CONFLICT (${k}) DO UPDATE SET ${[...v, 'event_time', 'event_id'].map((c) => `${c} = excluded.${c}`).join(', ')}
     WHERE (excluded.event_time, excluded.event_id) > (x.event_time, x.event_id)`, source);
}

/**
 * The "span" guard: first_seen_at (and first_event_id) keep the least (event time, event id),
 * last_seen_at (and last_event_id) the greatest; `followers` change only with the greatest.
 */
export function spanSql<T extends { at: Date; eventId: string }>(
  table: string,
  options: { keys: Array<Column<T>>; followers: Array<Column<T>>; firstEventId: boolean },
  rows: T[],
): Statement | null {
  if (rows.length === 0) return null;
  const { keys, followers, firstEventId } = options;
  const source = recordset(stampEndsPerKey(rows, keyFunction(keys), 'first and last'), [...keys, ...followers, ...stamp<T>()]);
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
  return statement(`WITH u AS (SELECT * FROM ${source.sql}),
     f AS (SELECT DISTINCT ON (${k.join(', ')}) ${k.join(', ')}, at, event_id FROM u ORDER BY ${k.join(', ')}, at, event_id),
     l AS (SELECT DISTINCT ON (${k.join(', ')}) * FROM u ORDER BY ${k.join(', ')}, at DESC, event_id DESC)
     INSERT INTO ${table} AS x (${insertColumns.join(', ')})
     SELECT ${selected.join(', ')} FROM l JOIN f USING (${k.join(', ')}) ORDER BY ${k.map((c) => `l.${c}`).join(', ')}
     ON CONFLICT (${k.join(', ')}) DO UPDATE SET ${set.join(', ')}
     WHERE ${first} OR ${last}`, source);
}
