import { Module } from '@nestjs/common';
import { NamespacesRepository } from './namespaces.repository';
import { NamespacesService } from './namespaces.service';

@Module({ providers: [NamespacesService, NamespacesRepository], exports: [NamespacesService] })
export class NamespacesModule {}
