import { Module } from '@nestjs/common';
import { DatasetsModule } from '../datasets/datasets.module';
import { JobsModule } from '../jobs/jobs.module';
import { ColumnGraphService } from './column-graph.service';
import { DatasetDependenciesRepository } from './dataset-dependencies.repository';
import { LineageWalkRepository } from './lineage-walk.repository';
import { LineageService } from './lineage.service';
import { NodeIdRepository } from './node-id.repository';
import { NodeResolver } from './node-resolver.service';
import { TagImpactController } from './tag-impact.controller';

@Module({
  imports: [DatasetsModule, JobsModule],
  controllers: [TagImpactController],
  providers: [LineageService, LineageWalkRepository, NodeResolver, NodeIdRepository, DatasetDependenciesRepository, ColumnGraphService],
  exports: [LineageService, ColumnGraphService],
})
export class LineageModule {}
