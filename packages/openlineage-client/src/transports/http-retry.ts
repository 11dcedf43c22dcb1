/** Retry options, named as the Python client's `retry` block (urllib3's Retry) names them. */
export interface HttpRetryOptions {
  /** Retries after the first attempt (default 5). 0 disables retrying. */
  total?: number;
  /** Seconds; the wait before retry n is backoff_factor × 2^(n−1) (default 0.3). */
  backoff_factor?: number;
  /** Seconds; no wait is longer (default 120, as urllib3). */
  backoff_max?: number;
  /** Statuses that are retried (default: 429 and every 5xx). Other statuses never are. */
  status_forcelist?: number[];
  /** Wait as long as a 429/503 response's Retry-After asks, up to backoff_max (default true). */
  respect_retry_after_header?: boolean;
}

export interface RetryPolicy {
  total: number;
  backoffFactor: number;
  backoffMax: number;
  statusForcelist: readonly number[] | undefined;
  respectRetryAfter: boolean;
}

export function retryPolicy(options: HttpRetryOptions = {}): RetryPolicy {
  const policy = {
    total: options.total ?? 5,
    backoffFactor: options.backoff_factor ?? 0.3,
    backoffMax: options.backoff_max ?? 120,
    statusForcelist: options.status_forcelist,
    respectRetryAfter: options.respect_retry_after_header ?? true,
  };
  for (const [name, value] of Object.entries({ total: policy.total, backoff_factor: policy.backoffFactor, backoff_max: policy.backoffMax })) {
    if (!Number.isFinite(value) || value < 0) throw new TypeError(`http transport: retry.${name} must be a number >= 0, got ${String(value)}`);
  }
  return policy;
}

/** Network errors are always retried; a response only when its status is in the forcelist. */
export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  if (policy.statusForcelist) return policy.statusForcelist.includes(status);
  return status === 429 || (status >= 500 && status <= 599);
}

/** Milliseconds to wait before retry number `retry` (1 for the first retry). */
export function backoffMs(policy: RetryPolicy, retry: number, retryAfterHeader?: string): number {
  const exponential = policy.backoffFactor * 2 ** (retry - 1);
  const retryAfter = policy.respectRetryAfter ? parseRetryAfter(retryAfterHeader) : undefined;
  return Math.min(policy.backoffMax, Math.max(exponential, retryAfter ?? 0)) * 1000;
}

/** Retry-After as seconds (delta-seconds or an HTTP date), undefined when absent or unreadable. */
function parseRetryAfter(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
