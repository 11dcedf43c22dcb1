import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { TagsModule } from '../tags/tags.module';
import { ColumnLineageRepository } from './column-lineage.repository';
import { DatasetReadRepository } from './dataset-read.repository';
import { DatasetFieldsRepository } from './dataset-fields.repository';
import { DatasetVersionsRepository } from './dataset-versions.repository';
import { DatasetViewsService } from './dataset-views.service';
import { DatasetsController } from './datasets.controller';
import { DatasetsService } from './datasets.service';

@Module({
  imports: [RunsModule, TagsModule],
  controllers: [DatasetsController],
  providers: [DatasetsService, DatasetViewsService, DatasetReadRepository, DatasetVersionsRepository, DatasetFieldsRepository, ColumnLineageRepository],
  exports: [DatasetViewsService],
})
export class DatasetsModule {}
