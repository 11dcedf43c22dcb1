import { Module } from '@nestjs/common';
import { EventExportRepository } from './event-export.repository';
import { EventLogRepository } from './event-log.repository';
import { EventReadRepository } from './event-read.repository';
import { LogNotifier } from './log-notifier';
import { ProjectionQueueModule } from './projection-queue.module';

const PROVIDERS = [EventLogRepository, EventReadRepository, EventExportRepository, LogNotifier];

/** The event log and the projection queue. Knows no projection and no feature. */
@Module({ imports: [ProjectionQueueModule], providers: PROVIDERS, exports: [...PROVIDERS, ProjectionQueueModule] })
export class LogModule {}
