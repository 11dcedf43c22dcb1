import { DynamicModule, Module } from '@nestjs/common';
import { PrometheusModule } from '@willsoto/nestjs-prometheus';
import { LoggerModule } from 'nestjs-pino';
import { Environment } from '../config/environment';
import { DefaultMetrics } from './default-metrics';
import { createLogger } from './logging';
import { HttpMetrics, OperationalMetrics } from './metrics';
import { MetricsController } from './metrics.controller';
import { ThreadMetrics } from './thread-metrics';

/** The pino instance behind Nest's logger, for the request hooks' completion lines. */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * Logs (pino through nestjs-pino for Nest's Logger; request lines from Fastify hooks, see
 * request-hooks.ts), metrics (/metrics, prom-client's default registry, its default metrics stopped
 * with the app: default-metrics.ts). Traces: tracing.ts.
 */
@Module({})
export class ObservabilityModule {
  static forRoot(env: Environment): DynamicModule {
    const logger = createLogger(env);
    return {
      module: ObservabilityModule,
      global: true,
      imports: [
        // No routes: pino-http's middleware (through @fastify/middie) and its child logger per
        // request cost more than the rest of an ingest request; the request hooks log instead.
        LoggerModule.forRoot({ pinoHttp: { logger }, forRoutes: [] }),
        PrometheusModule.register({ path: '/metrics', controller: MetricsController, defaultMetrics: { enabled: false } }),
      ],
      providers: [DefaultMetrics, HttpMetrics, OperationalMetrics, ThreadMetrics, { provide: ROOT_LOGGER, useValue: logger }],
      exports: [HttpMetrics, OperationalMetrics, ThreadMetrics, ROOT_LOGGER],
    };
  }
}
