import { MAX_NAME_WORD_ENTRY_BYTES, nameWords } from '../../openlineage/name-words';
import { Mutation, mutation } from '../mutations';

/**
 * The words of every dataset and job name the event's rows state (docs/adr/0011-search-by-word.md),
 * split by the function search splits its text with. A word whose index entry would pass
 * MAX_NAME_WORD_ENTRY_BYTES is not indexed. Reads the other processors' rows of the same event;
 * `done` holds the ids whose words a batch has already stated (a name never changes).
 */
export function nameWordsOf(rows: Mutation[], done = new Set<string>()): Mutation[] {
  const out: Mutation[] = [];
  for (const m of rows) {
    if (m.table !== 'datasets' && m.table !== 'jobs') continue;
    const { id, namespace, name } = m.row;
    if (done.has(id)) continue;
    done.add(id);
    const kind = m.table === 'datasets' ? 'dataset' : 'job';
    const lowerName = name.toLowerCase();
    const entryBytes = Buffer.byteLength(namespace) + Buffer.byteLength(lowerName);
    for (const word of nameWords(name)) {
      if (entryBytes + Buffer.byteLength(word) <= MAX_NAME_WORD_ENTRY_BYTES) out.push(mutation('name_words', { kind, word, lowerName, namespace, id }));
    }
  }
  return out;
}
