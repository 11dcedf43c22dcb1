import type { ReactNode } from 'react';
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
