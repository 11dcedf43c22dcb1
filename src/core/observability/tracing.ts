/**
 * OpenTelemetry, started before Nest loads (main.ts imports this module first). Exports spans over
 * OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set;
 * otherwise nothing is started and nothing is patched. The standard OTEL_* variables configure
 * the exporter (OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_EXPORTER_OTLP_HEADERS, ...), the resource
 * (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) and sampling (OTEL_TRACES_SAMPLER).
 *
 * Spans: one SERVER span per HTTP request (instrumentation-http), Fastify's request/handler
 * spans (@fastify/otel), and one span per PostgreSQL query made while serving a request
 * (instrumentation-pg; background work such as projection is not traced). The pino
 * instrumentation adds trace_id/span_id to every log line written inside a span.
 */
import * as fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { NodeSDK } from '@opentelemetry/sdk-node';

// The .env file must be read before the OTEL_* variables are (src/cli/run.ts reads it again for
// the other settings; variables already in the environment win either way).
if (fs.existsSync('.env')) process.loadEnvFile('.env');

/** Probes and scrapes run every few seconds: tracing them is noise. */
const UNTRACED_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

function untraced(url: string | undefined): boolean {
  const path = (url ?? '').split('?', 1)[0].replace(/\/+$/, '');
  return UNTRACED_PATHS.has(path);
}

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

export const tracingEnabled = Boolean(endpoint) && process.env.OTEL_SDK_DISABLED !== 'true';

let sdk: NodeSDK | null = null;

if (tracingEnabled) {
  process.env.OTEL_SERVICE_NAME ??= 'metadata-store';
  process.env.OTEL_TRACES_EXPORTER ??= 'otlp';
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  // Loaded only when tracing is on: the SDK and its exporters cost memory and startup time that
  // a store without a collector should not pay.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { PinoInstrumentation } = require('@opentelemetry/instrumentation-pino') as typeof import('@opentelemetry/instrumentation-pino');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  /* eslint-enable @typescript-eslint/no-require-imports */
  sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => untraced(request.url),
        // The service makes no outgoing HTTP calls of its own; the OTLP exporter's calls must
        // not be traced either.
        disableOutgoingRequestInstrumentation: true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and handler spans are enough; a span per lifecycle hook is noise.
        instrumentHooks: false,
        ignorePaths: (route: { url: string }) => untraced(route.url),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
}

/**
 * Flushes the spans still buffered and stops the exporter. `serve` calls it during its shutdown:
 * it ends with process.exit(), which skips 'beforeExit'. Never throws; bounded by `timeoutMs`.
 */
export async function shutdownTracing(timeoutMs = 5000): Promise<void> {
  const current = sdk;
  if (!current) return;
  sdk = null;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    current.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

if (tracingEnabled) {
  // Commands other than `serve` end by returning from main or exiting: flush what they traced.
  process.once('beforeExit', () => void shutdownTracing());
}
