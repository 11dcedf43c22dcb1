import { Module } from '@nestjs/common';
import { RunsModule } from '../runs/runs.module';
import { TagsModule } from '../tags/tags.module';
import { JobVersionsRepository } from './job-versions.repository';
import { JobVersionsService } from './job-versions.service';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

@Module({
  imports: [RunsModule, TagsModule],
  providers: [JobsService, JobsRepository, JobVersionsService, JobVersionsRepository],
  exports: [JobsService, JobVersionsService],
})
export class JobsModule {}
