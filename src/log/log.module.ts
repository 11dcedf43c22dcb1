import { Module } from '@nestjs/common';
import { EventLogRepository } from './event-log.repository';
import { EventReadRepository } from './event-read.repository';
import { LogNotifier } from './log-notifier';
import { ProjectionQueueRepository } from './projection-queue.repository';
import { RecentEvents } from './recent-events';
import { LOG_METRIC_PROVIDERS, LogMetrics } from './log.metrics';

const PROVIDERS = [
  EventLogRepository,
  EventReadRepository,
  ProjectionQueueRepository,
  LogNotifier,
  LogMetrics,
  { provide: RecentEvents, useFactory: () => new RecentEvents() },
];

/** The event log and the projection queue. Knows no projection and no feature. */
@Module({ providers: [...PROVIDERS, ...LOG_METRIC_PROVIDERS], exports: PROVIDERS })
export class LogModule {}
