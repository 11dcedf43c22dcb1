import { Module } from '@nestjs/common';
import { LOG_METRIC_PROVIDERS, LogMetrics } from './log.metrics';
import { ProjectionQueueRepository } from './projection-queue.repository';

/** The projection queue alone: what a projector thread needs of the log. */
@Module({ providers: [ProjectionQueueRepository, LogMetrics, ...LOG_METRIC_PROVIDERS], exports: [ProjectionQueueRepository] })
export class ProjectionQueueModule {}
