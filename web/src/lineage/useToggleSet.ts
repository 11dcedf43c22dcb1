import { useState } from 'react';

/**
 * A set of ids the user opens and closes (collapsed tables, collapsed groups), starting from
 * `initial` and starting over whenever a new `initial` comes (another graph).
 */
export function useToggleSet(initial: ReadonlySet<string>): [ReadonlySet<string>, (id: string) => void] {
  const [state, setState] = useState({ from: initial, ids: initial });
  const ids = state.from === initial ? state.ids : initial;
  const toggle = (id: string) =>
    setState((current) => {
      const next = new Set(current.from === initial ? current.ids : initial);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return { from: initial, ids: next };
    });
  return [ids, toggle];
}
