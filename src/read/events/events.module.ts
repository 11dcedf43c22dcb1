import { Module } from '@nestjs/common';
import { LogModule } from '../../log/log.module';
import { EventListRepository } from './event-list.repository';
import { EventListService } from './event-list.service';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({
  imports: [LogModule],
  controllers: [EventsController],
  providers: [EventsService, EventListService, EventListRepository],
  exports: [EventsService],
})
export class EventsModule {}
