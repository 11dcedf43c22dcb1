import { Module } from '@nestjs/common';
import { DatasetsModule } from '../datasets/datasets.module';
import { QualityController } from './quality.controller';
import { QualityRepository } from './quality.repository';
import { QualityService } from './quality.service';

/** Data quality per run and dataset (docs/extending.md uses this module as its worked example). */
@Module({
  imports: [DatasetsModule],
  controllers: [QualityController],
  providers: [QualityService, QualityRepository],
  exports: [QualityService],
})
export class QualityModule {}
