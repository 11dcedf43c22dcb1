import { Module } from '@nestjs/common';
import { LogModule } from '../log/log.module';
import { ProjectionCoreModule } from './projection-core.module';
import { ProjectionQueueMetrics } from './projection-queue.metrics';
import { PROJECTOR_THREAD_METRIC_PROVIDERS, ProjectorThreadMetrics } from './projector/projector-thread.metrics';
import { ProjectorThread } from './projector/projector-thread.service';

/**
 * The projection as the serving replica holds it: its projector thread (PROJECTION_WORKERS
 * loops, off the event loop that answers requests) and the queue's gauges. The writer stays
 * here too, for `reproject` and for tests that project in step.
 */
@Module({
  imports: [LogModule, ProjectionCoreModule],
  providers: [ProjectorThread, ProjectorThreadMetrics, ...PROJECTOR_THREAD_METRIC_PROVIDERS, ProjectionQueueMetrics],
  exports: [ProjectionCoreModule],
})
export class ProjectionModule {}
