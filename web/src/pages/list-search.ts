import { stringParam } from '../search-params';

/** The datasets list's URL parameters. */
export interface ListSearch {
  q?: string;
  namespace?: string;
  scheme?: string;
  kind?: string;
  cursor?: string;
  /** One cursor per earlier page ('' for the first): the API pages forward only, "Previous" pops it. */
  prev?: string[];
}

export function validateListSearch(search: Record<string, unknown>): ListSearch {
  const cursor = stringParam(search.cursor);
  const prev = Array.isArray(search.prev) ? search.prev.map(String) : [];
  return {
    q: stringParam(search.q),
    namespace: stringParam(search.namespace),
    scheme: stringParam(search.scheme),
    kind: stringParam(search.kind),
    cursor,
    prev: cursor ? prev : undefined,
  };
}
