import { Injectable } from '@nestjs/common';
import { SearchFilter, SearchHit, SearchKind, SearchRepository } from './search.repository';

export type SearchOrder = 'name' | 'updated';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byLowerName = (a: SearchHit, b: SearchHit) =>
  compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.namespace, b.namespace) || compare(a.type, b.type);
const wholeWordFirst = (a: SearchHit, b: SearchHit) => Number(b.wholeWord) - Number(a.wholeWord) || byLowerName(a, b);

@Injectable()
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  /**
   * The first `limit` matches among the given kinds (names where the text's longest word stands
   * whole first, each group in lower-case name order), then ordered as asked. (Marquez does not
   * apply its sort in SQL either: it orders what it returns.)
   */
  async find(kinds: SearchKind[], filter: SearchFilter, order: SearchOrder): Promise<SearchHit[]> {
    const hits = (await Promise.all(kinds.map((kind) => this.search.search(kind, filter)))).flat();
    const page = hits.sort(wholeWordFirst).slice(0, filter.limit);
    return order === 'name' ? page.sort(byLowerName) : page.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || byLowerName(a, b));
  }
}
