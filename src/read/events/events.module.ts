import { Module } from '@nestjs/common';
import { LogModule } from '../../log/log.module';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';

@Module({ imports: [LogModule], controllers: [EventsController], providers: [EventsService], exports: [EventsService] })
export class EventsModule {}
