import compress from '@fastify/compress';
import { ValidationPipe } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type * as tls from 'node:tls';
import * as zlib from 'node:zlib';
import { Logger } from 'nestjs-pino';
import { quietBootstrapLogger } from './core/observability/quiet-bootstrap-logger';
import { AppModule } from './app.module';
import { DatabaseTarget } from './database/data-source';
import { Environment, normalizeBasePath } from './core/config/environment';
import { ShutdownState } from './core/shutdown-state.service';
import { registerJsonBodyParser } from './ingest/json-body-parser';
import { HttpMetrics, OperationalMetrics } from './core/observability/metrics';
import { ROOT_LOGGER } from './core/observability/observability.module';
import { setupOpenApi } from './core/http/openapi';
import { answerFrameworkError, ClientErrorFilter } from './core/http/error-handler';
import { RefuseNulPipe } from './core/http/refuse-nul.pipe';
import { validationException } from './core/http/validation-errors';
import { registerRequestHooks, requestId } from './core/http/request-hooks';
import { registerSecurityHeaders } from './core/http/security-headers';
import { guardConnections, maxConnections } from './core/http/connection-guard';
import { initialTlsPair, TLS_MIN_VERSION, TlsPair, TlsReloader } from './core/http/tls';

const CONNECTIONS_CHECK_MS = 1000;

/** Routes that stay at the root when BASE_PATH is set: probes and scrapers do not know it. */
export const ROOT_ROUTES = ['health/live', 'health/ready', 'version', 'metrics'];

export async function createApp(env: Environment, database: DatabaseTarget): Promise<NestFastifyApplication> {
  // With TLS_CERT_FILE and TLS_KEY_FILE: HTTPS only, TLS 1.2+, the pair checked before anything starts.
  const tlsPair: TlsPair | null = env.TLS_CERT_FILE && env.TLS_KEY_FILE ? initialTlsPair(env.TLS_CERT_FILE, env.TLS_KEY_FILE) : null;
  // Every phase of a connection is bounded: headers, the whole request, idle keep-alive, the TLS
  // handshake. Node checks the request and headers deadlines every CONNECTIONS_CHECK_MS.
  const serverTimeouts = {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECK_MS,
  };
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: false,
    requestIdHeader: false,
    genReqId: requestId,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: serverTimeouts,
    ...(tlsPair
      ? {
          https: {
            cert: tlsPair.cert,
            key: tlsPair.key,
            minVersion: TLS_MIN_VERSION,
            handshakeTimeout: env.HTTP_HEADERS_TIMEOUT_MS,
            ...serverTimeouts,
          },
        }
      : {}),
    // `{base}/` must reach the same route as `{base}` (Trino posts to its URL as written), and
    // dataset names in Marquez paths are often longer than Fastify's default 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 4096 },
    frameworkErrors: answerFrameworkError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(env, database), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(quietBootstrapLogger(app.get(Logger)));
  const fastify = app.getHttpAdapter().getInstance();
  guardConnections(app.getHttpServer(), maxConnections(env.HTTP_MAX_CONNECTIONS));
  registerRequestHooks(adapter, fastify, app.get(ShutdownState), app.get(HttpMetrics), app.get(ROOT_LOGGER));
  // Responses compress at zlib's fastest level: a lineage graph is megabytes of JSON, and the default
  // level spends much more CPU for a little smaller body (docs/benchmarks/read.md).
  await app.register(compress, {
    global: true,
    requestEncodings: ['gzip', 'deflate'],
    encodings: ['gzip', 'deflate'],
    zlibOptions: { level: zlib.constants.Z_BEST_SPEED },
  });
  registerJsonBodyParser(fastify, { maxArrayElements: env.INGEST_MAX_ARRAY_ELEMENTS, maxBatchEvents: env.INGEST_BATCH_MAX_EVENTS });

  if (tlsPair) {
    const metrics = app.get(OperationalMetrics);
    metrics.tlsCertificateLoaded(tlsPair.notAfter);
    const reloader = new TlsReloader(app.getHttpServer() as unknown as tls.Server, env.TLS_CERT_FILE!, env.TLS_KEY_FILE!, tlsPair, (pair) =>
      metrics.tlsCertificateLoaded(pair.notAfter),
    );
    reloader.start();
    fastify.addHook('onClose', (_instance, done) => {
      reloader.stop();
      done();
    });
  }

  const basePath = normalizeBasePath(env.BASE_PATH);
  if (basePath) app.setGlobalPrefix(basePath, { exclude: ROOT_ROUTES });
  app.useGlobalFilters(new ClientErrorFilter(app.get(HttpAdapterHost).httpAdapter));
  app.useGlobalPipes(new RefuseNulPipe(), new ValidationPipe({ transform: true, forbidUnknownValues: false, whitelist: false, exceptionFactory: validationException }));
  setupOpenApi(app, basePath);
  registerSecurityHeaders(fastify, `${basePath}/api/docs`);
  await app.init();
  return app;
}
