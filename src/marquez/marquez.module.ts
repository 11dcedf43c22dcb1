import { Module } from '@nestjs/common';
import { LogModule } from '../log/log.module';
import { DatasetsModule } from '../read/datasets/datasets.module';
import { MarquezController } from './marquez.controller';
import { MarquezService } from './marquez.service';

@Module({
  imports: [LogModule, DatasetsModule],
  controllers: [MarquezController],
  providers: [MarquezService],
})
export class MarquezModule {}
