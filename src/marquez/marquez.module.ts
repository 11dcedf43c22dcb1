import { Module } from '@nestjs/common';
import { DeletionsModule } from '../deletions/deletions.module';
import { DatasetsModule } from '../read/datasets/datasets.module';
import { EventsModule } from '../read/events/events.module';
import { JobsModule } from '../read/jobs/jobs.module';
import { LineageModule } from '../read/lineage/lineage.module';
import { NamespacesModule } from '../read/namespaces/namespaces.module';
import { QualityModule } from '../read/quality/quality.module';
import { RunsModule } from '../read/runs/runs.module';
import { SearchModule } from '../read/search/search.module';
import { StatsModule } from '../read/stats/stats.module';
import { TagsModule } from '../read/tags/tags.module';
import { NamespaceDatasetsController } from './datasets.controller';
import { JobsController } from './jobs.controller';
import { LineageEventsController } from './lineage-events.controller';
import { LineageController } from './lineage.controller';
import { NamespacesController } from './namespaces.controller';
import { RunsController } from './runs.controller';
import { SearchController } from './search.controller';
import { StatsController } from './stats.controller';
import { TagsController } from './tags.controller';
import { RunListController } from './run-list.controller';

/** Marquez's paths and response shapes over the read services, so Marquez's web UI and clients work. */
@Module({
  imports: [DeletionsModule, NamespacesModule, DatasetsModule, JobsModule, RunsModule, SearchModule, TagsModule, StatsModule, EventsModule, LineageModule, QualityModule],
  controllers: [
    NamespacesController,
    NamespaceDatasetsController,
    JobsController,
    RunsController,
    RunListController,
    SearchController,
    TagsController,
    StatsController,
    LineageEventsController,
    LineageController,
  ],
})
export class MarquezModule {}
