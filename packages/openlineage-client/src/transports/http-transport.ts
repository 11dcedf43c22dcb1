import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { OpenLineageEvent } from '../generated/spec-types';
import { backoffMs, isRetryableStatus, retryPolicy, type HttpRetryOptions, type RetryPolicy } from './http-retry';
import { TransportError, type Transport } from './transport';

const gzip = promisify(gzipCallback);

/** `auth` as the Python client reads it: `{ type: api_key, apiKey }`, sent as a Bearer token. */
export interface HttpAuthOptions {
  type: 'api_key';
  apiKey?: string;
  /** Spellings the Python client also accepts (OPENLINEAGE__TRANSPORT__AUTH__APIKEY gives `apikey`). */
  api_key?: string;
  apikey?: string;
}

/** Options named as the Python client's http transport names them (so one openlineage.yml serves both). */
export interface HttpTransportOptions {
  url: string;
  /** Joined to url as a relative URL (default `api/v1/lineage`). */
  endpoint?: string;
  /** Seconds per attempt (default 5). */
  timeout?: number;
  /** Check the server's TLS certificate (default true). */
  verify?: boolean;
  compression?: 'gzip' | null;
  auth?: HttpAuthOptions;
  custom_headers?: Record<string, string>;
  retry?: HttpRetryOptions;
}

interface Attempt {
  status?: number;
  retryAfter?: string;
  body?: string;
  error?: Error;
}

/**
 * POSTs each event as JSON. Retries network errors, timeouts, 429 and 5xx with exponential backoff
 * (retry options as the Python client's); any other status fails at once.
 */
export class HttpTransport implements Transport {
  readonly kind = 'http';
  readonly target: URL;
  private readonly timeoutMs: number;
  private readonly verify: boolean;
  private readonly compression: 'gzip' | undefined;
  private readonly headers: Record<string, string>;
  private readonly retry: RetryPolicy;
  private readonly agent: http.Agent;

  constructor(options: HttpTransportOptions) {
    let base: URL;
    try {
      base = new URL(String(options.url ?? '').trim());
    } catch {
      throw new TypeError(`http transport: url must be an absolute URL, got ${JSON.stringify(options.url)}`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`http transport: url must be http or https, got ${base.protocol}`);
    this.target = new URL(options.endpoint ?? 'api/v1/lineage', base);
    const timeout = options.timeout ?? 5;
    if (!Number.isFinite(timeout) || timeout <= 0) throw new TypeError(`http transport: timeout must be seconds > 0, got ${String(options.timeout)}`);
    this.timeoutMs = timeout * 1000;
    this.verify = options.verify ?? true;
    if (options.compression && options.compression !== 'gzip') throw new TypeError(`http transport: compression must be gzip, got ${String(options.compression)}`);
    this.compression = options.compression ?? undefined;
    this.headers = { 'content-type': 'application/json', ...authHeaders(options.auth), ...options.custom_headers };
    if (this.compression) this.headers['content-encoding'] = 'gzip';
    this.retry = retryPolicy(options.retry);
    const Agent = this.target.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true });
  }

  async emit(event: OpenLineageEvent, signal?: AbortSignal): Promise<void> {
    const json = Buffer.from(JSON.stringify(event));
    const body = this.compression ? await gzip(json, { level: 3 }) : json;
    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted();
      const attempt = await this.post(body, signal);
      if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) return;
      signal?.throwIfAborted();
      const retryable = attempt.error !== undefined || isRetryableStatus(this.retry, attempt.status!);
      if (!retryable || retry >= this.retry.total) throw failure(this.target, attempt, retry);
      // An abort ends the wait early; the loop's check then rethrows the signal's reason.
      await sleep(backoffMs(this.retry, retry + 1, attempt.retryAfter), undefined, { signal }).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.agent.destroy();
  }

  private post(body: Buffer, signal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const aborted = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const request = this.target.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve) => {
      const req = request(
        this.target,
        {
          method: 'POST',
          agent: this.agent,
          headers: { ...this.headers, 'content-length': String(body.length) },
          signal: aborted,
          rejectUnauthorized: this.verify,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < 4096) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode, retryAfter: header(res.headers['retry-after']), body: Buffer.concat(chunks).toString('utf8', 0, 4096) }),
          );
          res.on('error', (error) => resolve({ error }));
        },
      );
      req.on('error', (error) => resolve({ error: timeout.aborted ? new Error(`timed out after ${this.timeoutMs} ms`, { cause: error }) : error }));
      req.end(body);
    });
  }
}

function authHeaders(auth: HttpAuthOptions | undefined): Record<string, string> {
  if (!auth) return {};
  if (auth.type !== 'api_key') throw new TypeError(`http transport: auth.type must be api_key, got ${JSON.stringify(auth.type)}`);
  const key = auth.apiKey ?? auth.apikey ?? auth.api_key;
  if (!key) throw new TypeError('http transport: auth.apiKey is required when auth.type is api_key');
  return { authorization: `Bearer ${key}` };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function failure(target: URL, attempt: Attempt, retries: number): TransportError {
  const tries = `after ${retries + 1} attempt${retries ? 's' : ''}`;
  if (attempt.error) return new TransportError(`POST ${target.href} failed ${tries}: ${attempt.error.message}`, undefined, { cause: attempt.error });
  const detail = attempt.body ? `: ${attempt.body}` : '';
  return new TransportError(`POST ${target.href} answered ${attempt.status} ${tries}${detail}`, attempt.status);
}
