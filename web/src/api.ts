/** The documented read API (see {base}/api/docs), and nothing else. */

export interface Dataset {
  id: string;
  namespace: string;
  name: string;
  scheme: string;
  authority: string | null;
  kind: 'dataset' | 'symlink';
  firstSeenAt: string;
  lastSeenAt: string;
}

export interface DatasetList {
  datasets: Dataset[];
  nextCursor: string | null;
}

export interface Symlink extends Dataset {
  type: string | null;
  direction: 'declares' | 'declared-by';
}

export interface DatasetEvent {
  eventId: string;
  eventType: string | null;
  eventTime: string;
  jobNamespace: string | null;
  jobName: string | null;
  runId: string | null;
  role: 'input' | 'output' | 'dataset' | 'symlink' | string;
}

export interface DatasetDetail extends Dataset {
  symlinks: Symlink[];
  events: DatasetEvent[];
}

export interface StoredEvent {
  id: string;
  receivedAt: string;
  eventKind: string;
  eventType: string | null;
  eventTime: string;
  runId: string | null;
  jobNamespace: string | null;
  jobName: string | null;
  producer: string | null;
  sourceType: string;
  event: Record<string, unknown>;
}

export interface Namespace {
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface DatasetFilters {
  q?: string;
  namespace?: string;
  scheme?: string;
  kind?: string;
  cursor?: string;
}

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

async function getJson<T>(path: string, params: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
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

export const PAGE_SIZE = 50;

export function listDatasets(filters: DatasetFilters, signal?: AbortSignal): Promise<DatasetList> {
  return getJson<DatasetList>('/api/v1/datasets', { ...filters, limit: PAGE_SIZE }, signal);
}

export function getDataset(id: string, signal?: AbortSignal): Promise<DatasetDetail> {
  return getJson<DatasetDetail>(`/api/v1/datasets/${encodeURIComponent(id)}`, { eventsLimit: 200 }, signal);
}

export function getEvent(eventId: string, signal?: AbortSignal): Promise<StoredEvent> {
  return getJson<StoredEvent>(`/api/v1/events/${encodeURIComponent(eventId)}`, {}, signal);
}

export async function listNamespaces(signal?: AbortSignal): Promise<Namespace[]> {
  return (await getJson<{ namespaces: Namespace[] }>('/api/v1/namespaces', { limit: 1000 }, signal)).namespaces;
}

/** The same rule as the store's projection: `trino://h:1` -> trino, `aws:glue:x` -> aws, `food` -> food. */
export function schemeOf(namespace: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(namespace);
  return (match ? match[1] : namespace).toLowerCase();
}
