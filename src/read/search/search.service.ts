import { Injectable } from '@nestjs/common';
import { SearchFilter, SearchHit, SearchKind, SearchRepository } from './search.repository';

@Injectable()
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  /** The first `limit` matches among datasets and jobs (or only `kinds`), in `order`. */
  async find(kinds: SearchKind[], filter: SearchFilter): Promise<SearchHit[]> {
    const hits = (await Promise.all(kinds.map((kind) => this.search.search(kind, filter)))).flat();
    const byName = (a: SearchHit, b: SearchHit) => compare(a.name, b.name) || compare(a.namespace, b.namespace) || compare(a.type, b.type);
    hits.sort(filter.order === 'name' ? byName : (a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || byName(a, b));
    return hits.slice(0, filter.limit);
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
