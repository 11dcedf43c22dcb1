import { Module } from '@nestjs/common';
import { ProjectionWorkers } from './projection-workers.service';
import { ProjectionWriter } from './projection-writer.service';

@Module({
  providers: [ProjectionWriter, ProjectionWorkers],
  exports: [ProjectionWriter, ProjectionWorkers],
})
export class ProjectionModule {}
