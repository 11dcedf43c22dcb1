import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { TagsModule } from '../tags/tags.module';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

@Module({ imports: [RunsModule, TagsModule], providers: [JobsService, JobsRepository], exports: [JobsService] })
export class JobsModule {}
