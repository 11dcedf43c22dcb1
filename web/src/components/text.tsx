import { Fragment, type ReactNode } from 'react';
import { absoluteTime, relativeTime } from './format';

/**
 * Text with line-break opportunities after . / : so a long name wraps between its parts (catalog,
 * schema, table; path segments), never inside one (the cell breaks a part only if it alone is too wide).
 */
export function Breakable({ text }: { text: string }): ReactNode {
  const parts = text.split(/(?<=[./:])/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** A <time> with the local date and time; the exact ISO instant is in datetime and title. */
export function Time({ iso, relative }: { iso: string | null | undefined; relative?: boolean }) {
  if (!iso) return <span className="muted">—</span>;
  return (
    <time dateTime={iso} title={iso}>
      {absoluteTime(iso)}
      {relative && <span className="muted rel">{` (${relativeTime(iso)})`}</span>}
    </time>
  );
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** Run and event states as a coloured badge; the word is always there, never colour alone. */
export function StateBadge({ state }: { state: string | null | undefined }) {
  const value = state ?? 'none';
  return <span className={`badge state-${value.toLowerCase()}`}>{value}</span>;
}
