import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Options } from 'pino-http';
import { stdTimeFunctions } from 'pino';
import { Environment } from '../config/environment';

const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * One JSON object per line on stdout: ISO time, level as a word, msg, context, request id,
 * method, route, status, duration. Never bodies or headers with secrets.
 */
export function pinoHttpOptions(env: Environment): Options {
  return {
    level: env.LOG_LEVEL,
    timestamp: stdTimeFunctions.isoTime,
    messageKey: 'msg',
    formatters: { level: (label) => ({ level: label }) },
    transport: env.LOG_FORMAT === 'pretty' ? { target: 'pino-pretty', options: { singleLine: true } } : undefined,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const given = req.headers[REQUEST_ID_HEADER];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    serializers: {
      req: (req: { method: string; url: string; routeOptions?: { url?: string } }) => ({
        method: req.method,
        url: req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customProps: (req: IncomingMessage) => {
      const route = (req as IncomingMessage & { routeOptions?: { url?: string } }).routeOptions?.url;
      return route ? { route } : {};
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/health/live' || req.url === '/health/ready' || req.url === '/metrics' },
  };
}
