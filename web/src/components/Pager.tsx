import { formatTotal } from './format';

/** Previous/next over an offset-paged list, with where this page sits in the total ("51–100 of 10,000+"). */
export function OffsetPager({ label, offset, shown, pageSize, total, onOffset }: { label: string; offset: number; shown: number; pageSize: number; total: number; onOffset: (offset: number) => void }) {
  if (offset === 0 && shown < pageSize && total <= shown) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - pageSize))}>
        ← Previous
      </button>
      <span className="page-label">{shown === 0 ? 'None here' : `${offset + 1}–${offset + shown} of ${formatTotal(total)}`}</span>
      <button type="button" className="button secondary" disabled={shown < pageSize || offset + shown >= total} onClick={() => onOffset(offset + pageSize)}>
        Next →
      </button>
    </nav>
  );
}

/**
 * Previous/next over a cursor-paged list. The URL keeps the cursors of the earlier pages ('' for
 * the first): the API pages forward only, so "Previous" pops the last one.
 */
export function CursorPager({ label, cursor, prev, nextCursor, onPage }: { label: string; cursor: string; prev: string[]; nextCursor: string | null; onPage: (cursor: string, prev: string[]) => void }) {
  if (!cursor && !nextCursor) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button secondary" disabled={!cursor} onClick={() => onPage(prev.at(-1) ?? '', prev.slice(0, -1))}>
        ← Previous
      </button>
      <span className="page-label">Page {prev.length + 1}</span>
      <button type="button" className="button secondary" disabled={!nextCursor} onClick={() => nextCursor && onPage(nextCursor, [...prev, cursor])}>
        Next →
      </button>
    </nav>
  );
}
