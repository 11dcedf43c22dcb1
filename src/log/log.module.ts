import { Module } from '@nestjs/common';
import { EventLogRepository } from './event-log.repository';
import { EventReadRepository } from './event-read.repository';
import { LogNotifier } from './log-notifier';
import { ProjectionQueueRepository } from './projection-queue.repository';

const PROVIDERS = [EventLogRepository, EventReadRepository, ProjectionQueueRepository, LogNotifier];

/** The event log and the projection queue. Knows no projection and no feature. */
@Module({ providers: PROVIDERS, exports: PROVIDERS })
export class LogModule {}
