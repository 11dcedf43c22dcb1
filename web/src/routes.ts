/**
 * Client-side routes live in the hash, so the server only ever serves {base}/ and a view's URL
 * (with its filters and page) can be shared:
 *   #/?q=&namespace=&scheme=&kind=&cursor=&prev=…   the datasets list
 *   #/datasets/<id>                                 one dataset
 * `prev` repeats once per earlier page (the cursor that page was loaded with, '' for the first):
 * the API pages forward only, so "Previous" pops it.
 */

export interface ListParams {
  q: string;
  namespace: string;
  scheme: string;
  kind: string;
  cursor: string;
  prev: string[];
}

export type Route = { view: 'datasets'; params: ListParams } | { view: 'dataset'; id: string } | { view: 'not-found'; hash: string };

export const EMPTY_LIST: ListParams = { q: '', namespace: '', scheme: '', kind: '', cursor: '', prev: [] };

export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const queryAt = raw.indexOf('?');
  const path = queryAt >= 0 ? raw.slice(0, queryAt) : raw;
  const search = new URLSearchParams(queryAt >= 0 ? raw.slice(queryAt + 1) : '');
  if (path === '' || path === '/') {
    return {
      view: 'datasets',
      params: {
        q: search.get('q') ?? '',
        namespace: search.get('namespace') ?? '',
        scheme: search.get('scheme') ?? '',
        kind: search.get('kind') ?? '',
        cursor: search.get('cursor') ?? '',
        prev: search.getAll('prev'),
      },
    };
  }
  const dataset = /^\/datasets\/([^/?]+)\/?$/.exec(path);
  if (dataset) {
    try {
      return { view: 'dataset', id: decodeURIComponent(dataset[1]) };
    } catch {
      // malformed escape: fall through to not-found
    }
  }
  return { view: 'not-found', hash };
}

export function listHash(params: Partial<ListParams>): string {
  const search = new URLSearchParams();
  for (const key of ['q', 'namespace', 'scheme', 'kind', 'cursor'] as const) {
    const value = params[key];
    if (value) search.set(key, value);
  }
  if (params.cursor) for (const cursor of params.prev ?? []) search.append('prev', cursor);
  const query = search.toString();
  return query ? `#/?${query}` : '#/';
}

export function datasetHash(id: string): string {
  return `#/datasets/${encodeURIComponent(id)}`;
}

export function hasFilters(params: ListParams): boolean {
  return Boolean(params.q || params.namespace || params.scheme || params.kind);
}
