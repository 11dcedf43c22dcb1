import type { ReactNode } from 'react';
import { formatTotal } from './format';
import { Spinner } from './text';

/** The live line above a list: loading, failed, or what it holds. */
export function ListStatus({ loading, failed, children }: { loading: boolean; failed: boolean; children: ReactNode }) {
  return (
    <p className="status" role="status" aria-live="polite">
      {loading ? (
        <>
          <Spinner />
          Loading…
        </>
      ) : failed ? (
        'Could not load the list.'
      ) : (
        children
      )}
    </p>
  );
}

/** "No runs match." or "1,234 runs." (the total may be capped: "10,000+ runs."). */
export function matchCount(total: number, shown: number, noun: string): string {
  return shown === 0 ? `No ${noun}s match.` : `${formatTotal(total)} ${total === 1 ? noun : `${noun}s`}.`;
}
