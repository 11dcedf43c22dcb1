/** What the store made of one forwarded batch. */
export type BatchOutcome =
  /** The store answered per event: those listed were refused, the others are stored. */
  | { kind: 'answered'; refused: Map<number, { reason: string; retriable: boolean }> }
  /** The store refused the request as a whole (400, 413): the batch, or one of its events, is bad. */
  | { kind: 'refused'; status: number; reason: string }
  /** No answer, or one that says to try again later (5xx, 429, an unexpected status): nothing was taken for sure. */
  | { kind: 'failed'; reason: string };

interface BatchBody {
  failed_events?: Array<{ index?: unknown; reason?: unknown; retriable?: unknown }>;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
/** The store refuses these for what was sent; any other 4xx (404, 405, 415 ...) is a misconfigured target, worth retrying. */
const REQUEST_REFUSALS = new Set([400, 413]);

/** The events' texts as one JSON array, each exactly as received (the store hashes each as it is). */
export function batchBody(texts: Buffer[]): Buffer {
  const parts: Buffer[] = [OPEN];
  texts.forEach((text, i) => parts.push(...(i > 0 ? [COMMA, text] : [text])));
  parts.push(CLOSE);
  return Buffer.concat(parts);
}

/** Posts batches to the store's POST {target}/api/v1/lineage/batch (OpenLineage 2-0-2 batch answers). */
export class StoreClient {
  readonly batchUrl: string;

  constructor(
    targetUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.batchUrl = `${targetUrl.replace(/\/+$/, '')}/api/v1/lineage/batch`;
  }

  async send(texts: Buffer[], abort: AbortSignal): Promise<BatchOutcome> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.batchUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'metadata-store-relay' },
        body: batchBody(texts),
        signal: AbortSignal.any([abort, AbortSignal.timeout(this.timeoutMs)]),
      });
      text = await response.text();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') return { kind: 'failed', reason: 'timeout' };
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return { kind: 'failed', reason: cause?.code ?? cause?.message ?? (error as Error).message };
    }
    const status = response.status;
    if (status >= 200 && status < 300) {
      const body = parseJson(text) as BatchBody | null;
      if (!body || !Array.isArray(body.failed_events)) return { kind: 'failed', reason: `the store answered ${status} without a batch result` };
      const refused = new Map<number, { reason: string; retriable: boolean }>();
      for (const failed of body.failed_events) {
        if (typeof failed.index === 'number') refused.set(failed.index, { reason: String(failed.reason ?? ''), retriable: failed.retriable !== false });
      }
      return { kind: 'answered', refused };
    }
    const message = (parseJson(text) as { message?: unknown } | null)?.message;
    const reason = `the store answered ${status}${typeof message === 'string' ? `: ${message.slice(0, 300)}` : ''}`;
    if (REQUEST_REFUSALS.has(status)) return { kind: 'refused', status, reason };
    return { kind: 'failed', reason };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
