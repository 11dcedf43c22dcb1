import { Module } from '@nestjs/common';
import { LogModule } from '../../log/log.module';
import { EventExportService } from './event-export.service';
import { ExportController } from './export.controller';

@Module({ imports: [LogModule], controllers: [ExportController], providers: [EventExportService], exports: [EventExportService] })
export class ExportModule {}
