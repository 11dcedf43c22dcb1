import { Module } from '@nestjs/common';
import { DeletionsService } from './deletions.service';
import { NodeDeletionsRepository } from './node-deletions.repository';

@Module({ providers: [DeletionsService, NodeDeletionsRepository], exports: [DeletionsService] })
export class DeletionsModule {}
