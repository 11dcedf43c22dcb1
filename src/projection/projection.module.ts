import { Module } from '@nestjs/common';
import { LogModule } from '../log/log.module';
import { ProjectionApplier } from './applier';
import { ProjectionQueueMetrics } from './projection-queue.metrics';
import { ProjectionWorkers } from './projection-workers.service';
import { ProjectionWriter } from './projection-writer.service';
import { SetAsideRepository } from './set-aside.repository';
import { PROJECTION_METRIC_PROVIDERS, ProjectionMetrics } from './projection.metrics';

@Module({
  imports: [LogModule],
  providers: [
    ProjectionWriter,
    ProjectionWorkers,
    ProjectionApplier,
    ProjectionMetrics,
    ProjectionQueueMetrics,
    SetAsideRepository,
    ...PROJECTION_METRIC_PROVIDERS,
  ],
  exports: [ProjectionWriter, ProjectionWorkers, SetAsideRepository],
})
export class ProjectionModule {}
