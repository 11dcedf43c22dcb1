import { Module } from '@nestjs/common';
import { NamespaceCountsController } from './namespace-counts.controller';
import { NamespaceCountsRepository } from './namespace-counts.repository';
import { NamespacesRepository } from './namespaces.repository';
import { NamespacesService } from './namespaces.service';

@Module({
  controllers: [NamespaceCountsController],
  providers: [NamespacesService, NamespacesRepository, NamespaceCountsRepository],
  exports: [NamespacesService],
})
export class NamespacesModule {}
