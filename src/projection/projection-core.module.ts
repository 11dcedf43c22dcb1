import { Module } from '@nestjs/common';
import { ProjectionQueueModule } from '../log/projection-queue.module';
import { ProjectionApplier } from './applier';
import { ProjectionWriter } from './projection-writer.service';
import { PROJECTION_METRIC_PROVIDERS, ProjectionMetrics } from './projection.metrics';
import { SetAsideRepository } from './set-aside.repository';

/** What projects a batch, in whichever thread runs it: the writer, its applier, the set-aside list. */
@Module({
  imports: [ProjectionQueueModule],
  providers: [ProjectionWriter, ProjectionApplier, ProjectionMetrics, SetAsideRepository, ...PROJECTION_METRIC_PROVIDERS],
  exports: [ProjectionWriter, ProjectionMetrics, SetAsideRepository, ProjectionQueueModule],
})
export class ProjectionCoreModule {}
