import { NamespaceMutation } from '../mutations';
import { recordset, stampEndsPerKey, Statement, statement } from './sql';

/** `namespaces`: first and last seen, least/greatest. */
export function upsertNamespacesSql(rows: NamespaceMutation[]): Statement | null {
  if (rows.length === 0) return null;
  const source = recordset(stampEndsPerKey(rows, (r) => r.name, 'first and last'), [
    ['name', 'text', (r) => r.name],
    ['at', 'timestamptz', (r) => r.at],
  ]);
  return statement(`INSERT INTO namespaces AS n (name, first_seen_at, last_seen_at)
     SELECT name, min(at), max(at) FROM ${source.sql} GROUP BY name ORDER BY name
     ON CONFLICT (name) DO UPDATE SET
       first_seen_at = least(n.first_seen_at, excluded.first_seen_at),
       last_seen_at  = greatest(n.last_seen_at, excluded.last_seen_at)
     WHERE excluded.first_seen_at < n.first_seen_at OR excluded.last_seen_at > n.last_seen_at`, source);
}
