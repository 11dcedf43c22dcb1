/**
 * How route state sits in the URL hash: plain `key=value` pairs (not TanStack's JSON default), so
 * the datasets list keeps the URLs it always had (`#/?q=&namespace=&cursor=&prev=…`). Keys in
 * ARRAY_KEYS repeat; an empty value is dropped except inside those.
 */
const ARRAY_KEYS = new Set(['prev']);

export function parseSearch(searchStr: string): Record<string, unknown> {
  const params = new URLSearchParams(searchStr.replace(/^\?/, ''));
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out[key] = ARRAY_KEYS.has(key) ? all : all[all.length - 1];
  }
  return out;
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function stringParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
}
