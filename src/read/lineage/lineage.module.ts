import { Module } from '@nestjs/common';
import { DatasetsModule } from '../datasets/datasets.module';
import { JobsModule } from '../jobs/jobs.module';
import { LineageWalkRepository } from './lineage-walk.repository';
import { LineageService } from './lineage.service';
import { NodeIdRepository } from './node-id.repository';
import { NodeResolver } from './node-resolver.service';
import { TagImpactController } from './tag-impact.controller';

@Module({
  imports: [DatasetsModule, JobsModule],
  controllers: [TagImpactController],
  providers: [LineageService, LineageWalkRepository, NodeResolver, NodeIdRepository],
  exports: [LineageService],
})
export class LineageModule {}
