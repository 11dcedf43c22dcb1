/** Fetching from the store's read API under its base path, with a timeout and readable errors. */

/** The server writes its BASE_PATH into <meta name="base-path"> ('' at the root, else '/lineage'). */
export function basePath(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="base-path"]');
  return (meta?.content ?? '').replace(/\/+$/, '');
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15000;

export type QueryParams = Record<string, string | number | boolean | readonly string[] | undefined | null>;

export async function getJson<T>(path: string, params: QueryParams = {}, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== null && one !== '') search.append(key, String(one));
  }
  const query = search.toString();
  const url = `${basePath()}${path}${query ? `?${query}` : ''}`;
  // One controller for both the caller's cancel and our timeout.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, TIMEOUT_MS);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timedOut) throw new ApiError(`The store did not answer within ${TIMEOUT_MS / 1000} s.`, 0);
    throw new ApiError('Could not reach the store. Check that it is running and that you are online.', 0);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`.trim();
    try {
      const body = (await response.json()) as { message?: unknown };
      const detail = Array.isArray(body.message) ? body.message.join('; ') : body.message;
      if (typeof detail === 'string' && detail) message = `${message}: ${detail}`;
    } catch {
      // not JSON: keep the status line
    }
    throw new ApiError(message, response.status);
  }
  return (await response.json()) as T;
}

/** Path segments the way Marquez's UI sends them: a namespace like trino://h:1 is one segment. */
export function segment(value: string): string {
  return encodeURIComponent(value);
}
