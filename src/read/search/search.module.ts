import { Module } from '@nestjs/common';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({ providers: [SearchService, SearchRepository], exports: [SearchService] })
export class SearchModule {}
