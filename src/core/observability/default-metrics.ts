import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import perfHooks = require('node:perf_hooks');
import { collectDefaultMetrics, DefaultMetricsCollectorConfiguration, register, RegistryContentType } from 'prom-client';

/** Stops what startDefaultMetrics started. */
export type StopDefaultMetrics = () => void;

/**
 * prom-client's default metrics (process CPU and memory, handles, event-loop lag, GC durations) on
 * `config.register`, and a function that stops them. collectDefaultMetrics() starts a GC
 * PerformanceObserver and an event-loop-delay monitor and keeps no handle on either
 * (prometheus/client_js#500): the observer's callback holds the registry and everything that
 * reaches it for the life of the process. A service that closes its app and starts another in the
 * same process (the in-process tests do, once per test file) kept every closed app alive and
 * called every old observer on each GC. The two are captured as prom-client creates them (the
 * call is synchronous: nothing else runs meanwhile) and stopped by the returned function.
 */
export function startDefaultMetrics<T extends RegistryContentType>(config: DefaultMetricsCollectorConfiguration<T>): StopDefaultMetrics {
  const stops: StopDefaultMetrics[] = [];
  const { PerformanceObserver, monitorEventLoopDelay } = perfHooks;
  perfHooks.PerformanceObserver = class StoppablePerformanceObserver extends PerformanceObserver {
    constructor(callback: ConstructorParameters<typeof PerformanceObserver>[0]) {
      super(callback);
      stops.push(() => this.disconnect());
    }
  };
  perfHooks.monitorEventLoopDelay = (options) => {
    const histogram = monitorEventLoopDelay(options);
    stops.push(() => histogram.disable());
    return histogram;
  };
  try {
    collectDefaultMetrics(config);
  } catch (error) {
    stops.forEach((stop) => stop()); // a name already registered: stop what it started before it threw
    throw error;
  } finally {
    perfHooks.PerformanceObserver = PerformanceObserver;
    perfHooks.monitorEventLoopDelay = monitorEventLoopDelay;
  }
  return () => stops.splice(0).forEach((stop) => stop());
}

/** The default metrics of the service's registry, for as long as the app runs. */
@Injectable()
export class DefaultMetrics implements OnModuleInit, OnModuleDestroy {
  private stop: StopDefaultMetrics | null = null;

  onModuleInit(): void {
    this.stop = startDefaultMetrics({ register });
  }

  onModuleDestroy(): void {
    this.stop?.();
    this.stop = null;
  }
}
