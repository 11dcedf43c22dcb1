import { Injectable } from '@nestjs/common';
import { SearchFilter, SearchHit, SearchKind, SearchRepository, TRIGRAM } from './search.repository';

export type SearchOrder = 'name' | 'updated';

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byLowerName = (a: SearchHit, b: SearchHit) =>
  compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.namespace, b.namespace) || compare(a.type, b.type);
const key = (hit: SearchHit) => `${hit.type}\u0000${hit.namespace}\u0000${hit.name}`;
const wholeWordFirst = (a: SearchHit, b: SearchHit) => Number(b.wholeWord) - Number(a.wholeWord) || byLowerName(a, b);

@Injectable()
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  /**
   * The first `limit` matches among the given kinds, names where the text's longest word stands
   * whole first, each group in lower-case name order; then ordered as asked. Text of 3+ characters
   * is looked up by word first. When the whole-word names of every kind together do not fill the
   * page, the rest come from the names with a word starting with the text's last word (complete
   * when the text has a separator before it), else from the trigram indexes.
   * (Marquez does not apply its sort in SQL either: it orders what it returns.)
   */
  async find(kinds: SearchKind[], filter: SearchFilter, order: SearchOrder): Promise<SearchHit[]> {
    const page = (await this.matches(kinds, filter)).sort(wholeWordFirst).slice(0, filter.limit);
    return order === 'name' ? page.sort(byLowerName) : page.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || byLowerName(a, b));
  }

  private async matches(kinds: SearchKind[], filter: SearchFilter): Promise<SearchHit[]> {
    const each = async (search: (kind: SearchKind) => Promise<SearchHit[]>) => (await Promise.all(kinds.map(search))).flat();
    if (filter.text.length < TRIGRAM) return each((kind) => this.search.byPrefix(kind, filter));
    const byWord = await each((kind) => this.search.byWord(kind, filter));
    if (byWord.length >= filter.limit) return byWord;
    const found = new Set(byWord.map(key));
    const others = await each(async (kind) => (await this.search.byLastWordPrefix(kind, filter)) ?? this.search.bySubstring(kind, filter));
    return [...byWord, ...others.filter((hit) => !found.has(key(hit)))];
  }
}
