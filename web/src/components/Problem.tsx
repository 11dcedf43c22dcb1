import type { ReactNode } from 'react';
import { ApiError } from '../api/client';

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** A failed load: what failed, why, and a way on. */
export function Problem({ title, error, retry, children }: { title: string; error: unknown; retry?: () => void; children?: ReactNode }) {
  return (
    <div className="error" role="alert">
      <h2>{title}</h2>
      <p>{errorMessage(error)}</p>
      {children}
      {retry && (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** A section whose data could not be loaded; the rest of the page still works. */
export function SectionNote({ error }: { error: unknown }) {
  return <p className="muted">Not available: {errorMessage(error)}</p>;
}
