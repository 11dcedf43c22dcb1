import { Module } from '@nestjs/common';
import { LogModule } from '../../log/log.module';
import { EventsController } from './events.controller';

@Module({ imports: [LogModule], controllers: [EventsController] })
export class EventsModule {}
