import { Module } from '@nestjs/common';
import { RunListRepository } from './run-list.repository';
import { RunListService } from './run-list.service';
import { RunsRepository } from './runs.repository';
import { RunsService } from './runs.service';

@Module({ providers: [RunsService, RunsRepository, RunListService, RunListRepository], exports: [RunsService, RunListService] })
export class RunsModule {}
