import { DynamicModule, Module } from '@nestjs/common';
import { PrometheusModule } from '@willsoto/nestjs-prometheus';
import { LoggerModule } from 'nestjs-pino';
import { Environment } from '../config/environment';
import { pinoHttpOptions } from './logging';
import { HttpMetrics, OperationalMetrics } from './metrics';
import { MetricsController } from './metrics.controller';

/** Logs (nestjs-pino), metrics (/metrics, prom-client's default registry). Traces: tracing.ts. */
@Module({})
export class ObservabilityModule {
  static forRoot(env: Environment): DynamicModule {
    return {
      module: ObservabilityModule,
      global: true,
      imports: [
        LoggerModule.forRoot({ pinoHttp: pinoHttpOptions(env) }),
        PrometheusModule.register({ path: '/metrics', controller: MetricsController, defaultMetrics: { enabled: true } }),
      ],
      providers: [HttpMetrics, OperationalMetrics],
      exports: [HttpMetrics, OperationalMetrics],
    };
  }
}
