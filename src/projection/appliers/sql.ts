import { EntityManager } from 'typeorm';

/** A column of a multi-row statement: its name in the statement, its PostgreSQL type, its value. */
export type Column<T> = [name: string, pgType: string, value: (row: T) => unknown];

const param = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * `unnest($1::uuid[], $2::text[], ...) AS u(a, b, ...)` and its parameters: a whole batch in one
 * statement, one array per column.
 */
export function unnest<T>(rows: T[], columns: Array<Column<T>>): { source: string; params: unknown[] } {
  const params = columns.map(([, type, value]) =>
    rows.map((row) => {
      const v = value(row);
      return type === 'jsonb' && v !== null && v !== undefined ? JSON.stringify(v) : param(v);
    }),
  );
  const args = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  return { source: `unnest(${args}) AS u(${columns.map(([name]) => name).join(', ')})`, params };
}

export const stamp = <T extends { at: Date; eventId: string }>(): Array<Column<T>> => [
  ['at', 'timestamptz', (r) => r.at],
  ['event_id', 'bigint', (r) => r.eventId],
];

/**
 * The "latest" guard: one row per key holds the value of the greatest (event time, event id);
 * an older event, early or late, changes nothing. Rows are written in key order.
 */
export async function upsertLatest<T extends { at: Date; eventId: string }>(
  manager: EntityManager,
  table: string,
  keys: Array<Column<T>>,
  values: Array<Column<T>>,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const { source, params } = unnest(rows, [...keys, ...values, ...stamp<T>()]);
  const k = keys.map(([n]) => n).join(', ');
  const v = values.map(([n]) => n);
  const columns = [k, ...v].join(', ');
  await manager.query(
    `INSERT INTO ${table} AS x (${columns}, event_time, event_id)
     SELECT DISTINCT ON (${k}) ${columns}, at, event_id FROM ${source}
      ORDER BY ${k}, at DESC, event_id DESC
     ON CONFLICT (${k}) DO UPDATE SET ${[...v, 'event_time', 'event_id'].map((c) => `${c} = excluded.${c}`).join(', ')}
     WHERE (excluded.event_time, excluded.event_id) > (x.event_time, x.event_id)`,
    params,
  );
}

/**
 * The "span" guard: first_seen_at (and first_event_id) keep the least (event time, event id),
 * last_seen_at (and last_event_id) the greatest; `followers` change only with the greatest.
 */
export async function upsertSpan<T extends { at: Date; eventId: string }>(
  manager: EntityManager,
  table: string,
  options: { keys: Array<Column<T>>; followers: Array<Column<T>>; firstEventId: boolean },
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  const { keys, followers, firstEventId } = options;
  const { source, params } = unnest(rows, [...keys, ...followers, ...stamp<T>()]);
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
  await manager.query(
    `WITH u AS (SELECT * FROM ${source}),
     f AS (SELECT DISTINCT ON (${k.join(', ')}) ${k.join(', ')}, at, event_id FROM u ORDER BY ${k.join(', ')}, at, event_id),
     l AS (SELECT DISTINCT ON (${k.join(', ')}) * FROM u ORDER BY ${k.join(', ')}, at DESC, event_id DESC)
     INSERT INTO ${table} AS x (${insertColumns.join(', ')})
     SELECT ${selected.join(', ')} FROM l JOIN f USING (${k.join(', ')}) ORDER BY ${k.map((c) => `l.${c}`).join(', ')}
     ON CONFLICT (${k.join(', ')}) DO UPDATE SET ${set.join(', ')}
     WHERE ${first} OR ${last}`,
    params,
  );
}
