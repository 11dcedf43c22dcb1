import { Module } from '@nestjs/common';
import { ProjectionWorkers } from './projection-workers.service';
import { ProjectionWriter } from './projection-writer.service';
import { PROJECTION_METRIC_PROVIDERS, ProjectionMetrics } from './projection.metrics';

@Module({
  providers: [ProjectionWriter, ProjectionWorkers, ProjectionMetrics, ...PROJECTION_METRIC_PROVIDERS],
  exports: [ProjectionWriter, ProjectionWorkers],
})
export class ProjectionModule {}
