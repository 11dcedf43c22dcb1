import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { stdTimeFunctions } from 'pino';
import { Environment } from '../config/environment';

/** Where the request hooks (src/http/request-hooks.ts) leave the matched route template on the raw request. */
export const ROUTE_TEMPLATE = Symbol.for('metadata-store.route-template');

type RawRequest = IncomingMessage & { [ROUTE_TEMPLATE]?: string | null; id?: unknown };

/** Probes and scrapes are not logged per request (they would drown everything else). */
const QUIET_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

const MAX_URL_LENGTH = 512;

function pathOf(url: string | undefined): string {
  return (url ?? '').split('?', 1)[0];
}

/**
 * Paths that never reach a log line. Nothing logs headers or bodies in the first place; this is
 * the safety net for a field someone adds later.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'password',
  '*.password',
  'databaseUrl',
  '*.databaseUrl',
  'DATABASE_URL',
  '*.DATABASE_URL',
];

/** The fields of the one line written when a request completes. */
function requestFields(req: RawRequest, res: ServerResponse, durationMs: number): Record<string, unknown> {
  const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
  const route = req[ROUTE_TEMPLATE];
  return {
    context: 'http',
    method: req.method,
    ...(route ? { route } : {}),
    url: url.length > MAX_URL_LENGTH ? `${url.slice(0, MAX_URL_LENGTH)}…` : url,
    status: res.statusCode,
    durationMs,
  };
}

/**
 * One JSON object per line on stdout: ISO `time`, `level` as a word, `msg`, `context`, and in a
 * request `requestId` (and `trace_id`/`span_id` when tracing is on). When a request completes:
 * `method`, `route` (the template, e.g. /api/v1/datasets/:id), `url`, `status`, `durationMs`.
 * Never bodies, never headers.
 */
export function pinoHttpOptions(env: Environment): Options {
  return {
    level: env.LOG_LEVEL,
    timestamp: stdTimeFunctions.isoTime,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACT, censor: '[redacted]' },
    transport:
      env.LOG_FORMAT === 'pretty'
        ? { target: 'pino-pretty', options: { singleLine: true, translateTime: 'SYS:standard', ignore: 'pid,hostname' } }
        : undefined,
    // Fastify generates the id (from x-request-id or a UUID, see create-app.ts) and middie copies
    // it onto the raw request, where pino-http finds it.
    genReqId: (req: IncomingMessage) => String((req as RawRequest).id || randomUUID()),
    // Request-scoped lines carry only `requestId`; the completion line adds the request fields.
    quietReqLogger: true,
    quietResLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customSuccessObject: (req, res, value: { durationMs?: number }) =>
      requestFields(req as RawRequest, res, value.durationMs ?? 0),
    customErrorObject: (req, res, error, value: { durationMs?: number }) => {
      const fields = requestFields(req as RawRequest, res, value.durationMs ?? 0);
      // pino-http invents an Error for any 5xx; only a real one is worth logging.
      const message = (error as Error | undefined)?.message;
      return message && !message.startsWith('failed with status code') ? { ...fields, err: message } : fields;
    },
    customSuccessMessage: (_req, res) => (res.writableFinished ? 'request completed' : 'request aborted'),
    customErrorMessage: () => 'request failed',
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    // middie may have rewritten req.url by the time this runs; originalUrl is what was requested.
    autoLogging: { ignore: (req) => QUIET_PATHS.has(pathOf((req as { originalUrl?: string }).originalUrl ?? req.url).replace(/\/+$/, '')) },
  };
}
