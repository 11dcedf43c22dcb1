import { useEffect, useState } from 'react';

interface Done<S, L> {
  subject: S;
  key: unknown;
  layout?: L;
  error?: unknown;
}

/**
 * An asynchronous layout of `subject`, computed again whenever `key` changes. While the layout of
 * a new key of the same subject is computed (a table or a group opened or closed) the last one
 * stays shown, so the canvas does not blank; a layout of another subject is never returned with
 * it (it lacks the new nodes: reading them once threw and took the graph down).
 */
export function useLayout<S, L>(subject: S, key: unknown, compute: () => Promise<L>): { layout: L | null; error: unknown } {
  const [done, setDone] = useState<Done<S, L> | null>(null);
  useEffect(() => {
    let current = true;
    compute().then(
      (layout) => current && setDone({ subject, key, layout }),
      (error: unknown) => current && setDone({ subject, key, error }),
    );
    return () => {
      current = false;
    };
    // The key says when the layout is stale; compute is a new closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [subject, key]);
  if (!done || done.subject !== subject) return { layout: null, error: undefined };
  return { layout: done.layout ?? null, error: done.key === key ? done.error : undefined };
}
