import { Module } from '@nestjs/common';
import { LIFECYCLE_METRIC_PROVIDERS, LifecycleMetrics } from './lifecycle.metrics';
import { LogLifecycle } from './log-lifecycle.service';

/** The log's partitions ahead of the clock, its metrics, and retention (docs/operations.md). */
@Module({ providers: [LogLifecycle, LifecycleMetrics, ...LIFECYCLE_METRIC_PROVIDERS], exports: [LogLifecycle] })
export class LifecycleModule {}
