/**
 * OpenTelemetry, started before Nest loads. Exports spans over OTLP only when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise nothing
 * is started. The standard OTEL_* variables configure the exporter and resource.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { FastifyOtelInstrumentation } from '@fastify/otel';

const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

export const tracingEnabled = Boolean(endpoint) && process.env.OTEL_SDK_DISABLED !== 'true';

if (tracingEnabled) {
  process.env.OTEL_SERVICE_NAME ??= 'metadata-store';
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation(),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation({ requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  const flush = () => void sdk.shutdown().catch(() => undefined);
  process.once('beforeExit', flush);
}
