import { Module } from '@nestjs/common';
import { LogModule } from '../../log/log.module';
import { StatsRepository } from './stats.repository';
import { StatsService } from './stats.service';

@Module({ imports: [LogModule], providers: [StatsService, StatsRepository], exports: [StatsService] })
export class StatsModule {}
