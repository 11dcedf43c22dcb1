import { Module } from '@nestjs/common';
import { LogModule } from '../log/log.module';
import { DatasetProjectionRepository } from './dataset-projection.repository';
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
    DatasetProjectionRepository,
    ProjectionMetrics,
    ProjectionQueueMetrics,
    SetAsideRepository,
    ...PROJECTION_METRIC_PROVIDERS,
  ],
  exports: [ProjectionWriter, ProjectionWorkers, SetAsideRepository],
})
export class ProjectionModule {}
