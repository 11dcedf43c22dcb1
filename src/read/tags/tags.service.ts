import { Injectable } from '@nestjs/common';
import { TagsRepository } from './tags.repository';

@Injectable()
export class TagsService {
  constructor(private readonly tags: TagsRepository) {}

  names(limit: number, offset: number): Promise<string[]> {
    return this.tags.names(limit, offset);
  }
}
