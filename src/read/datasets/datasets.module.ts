import { Module } from '@nestjs/common';
import { DatasetReadRepository } from './dataset-read.repository';
import { DatasetsController } from './datasets.controller';
import { DatasetsService } from './datasets.service';

@Module({
  controllers: [DatasetsController],
  providers: [DatasetsService, DatasetReadRepository],
  exports: [DatasetReadRepository],
})
export class DatasetsModule {}
