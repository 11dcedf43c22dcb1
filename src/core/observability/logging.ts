import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { Logger as PinoInstance, LoggerOptions, stdTimeFunctions } from 'pino';
import { Environment } from '../config/environment';

/** Probes and scrapes are not logged per request (they would drown everything else). */
const QUIET_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

/** A request at least this slow is logged at warn whatever its status. */
export const SLOW_REQUEST_MS = 1000;

const MAX_URL_LENGTH = 512;

/**
 * Route config (`@RouteConfig({ logSuccess: false })`) for routes too busy for a line per
 * success (ingest): their failures and slow requests are still logged, and metrics count all.
 */
export interface RouteLogConfig {
  logSuccess?: boolean;
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

/**
 * One JSON object per line on stdout: ISO `time`, `level` as a word, `msg`, `context`.
 * (`trace_id`/`span_id` are added when tracing is on.) Never bodies, never headers.
 */
export function loggerOptions(env: Pick<Environment, 'LOG_LEVEL' | 'LOG_FORMAT'>): LoggerOptions {
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
  };
}

export function createLogger(env: Environment): PinoInstance {
  return pino(loggerOptions(env));
}

function pathOf(url: string): string {
  return url.split('?', 1)[0].replace(/\/+$/, '');
}

/**
 * The line written when a request completes, from a Fastify onResponse hook (no per-request
 * child logger, no middleware): `requestId`, `method`, `route` (the template, e.g.
 * /api/v1/datasets/:id), `url`, `status`, `durationMs`. error for 5xx, warn for 4xx and for slow
 * requests, info otherwise, except for probes and for routes that opt out of success lines.
 */
export function logCompletedRequest(logger: PinoInstance, request: FastifyRequest, reply: FastifyReply, route: string | null): void {
  const status = reply.statusCode;
  const durationMs = reply.elapsedTime;
  const level = status >= 500 ? 'error' : status >= 400 || durationMs >= SLOW_REQUEST_MS ? 'warn' : 'info';
  if (level === 'info') {
    if ((request.routeOptions.config as RouteLogConfig | undefined)?.logSuccess === false) return;
    if (!logger.isLevelEnabled('info') || QUIET_PATHS.has(pathOf(request.url))) return;
  }
  const url = request.url;
  logger[level](
    {
      context: 'http',
      requestId: request.id,
      method: request.method,
      ...(route ? { route } : {}),
      url: url.length > MAX_URL_LENGTH ? `${url.slice(0, MAX_URL_LENGTH)}…` : url,
      status,
      durationMs: Math.round(durationMs * 1000) / 1000,
    },
    reply.raw.writableFinished ? 'request completed' : 'request aborted',
  );
}
