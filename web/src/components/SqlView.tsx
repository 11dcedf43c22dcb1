import type { ReactNode } from 'react';

const KEYWORDS = new Set(
  (
    'select from where and or not in is null as on join left right full inner outer cross using group by order having limit offset ' +
    'union all distinct insert into values update set delete merge when matched then create table view replace with case else end ' +
    'exists between like cast over partition window asc desc if drop alter add column true false interval date timestamp'
  ).split(' '),
);

// Comments, strings, quoted identifiers, numbers, words, then anything else one character at a time.
const TOKEN = /(--[^\n]*|\/\*[\s\S]*?\*\/)|('(?:[^']|'')*')|("(?:[^"]|"")*")|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)/g;

/** Trino's query text with keywords, strings, numbers and comments picked out (text only, never HTML). */
export function SqlView({ sql, label }: { sql: string; label: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(sql); m; m = TOKEN.exec(sql)) {
    if (m.index > last) parts.push(sql.slice(last, m.index));
    const key = parts.length;
    if (m[1]) parts.push(<span key={key} className="sql-comment">{m[1]}</span>);
    else if (m[2]) parts.push(<span key={key} className="sql-string">{m[2]}</span>);
    else if (m[3]) parts.push(<span key={key} className="sql-ident">{m[3]}</span>);
    else if (m[4]) parts.push(<span key={key} className="sql-number">{m[4]}</span>);
    else if (KEYWORDS.has(m[5].toLowerCase())) parts.push(<span key={key} className="sql-keyword">{m[5]}</span>);
    else parts.push(m[5]);
    last = TOKEN.lastIndex;
  }
  if (last < sql.length) parts.push(sql.slice(last));
  return (
    <pre className="code sql" tabIndex={0} role="region" aria-label={label}>
      <code>{parts}</code>
    </pre>
  );
}
