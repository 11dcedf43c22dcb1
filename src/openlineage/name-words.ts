/** A word is kept to its first 64 characters: a btree entry holds at most about 2,700 bytes. */
const MAX_WORD_CHARACTERS = 64;
/** A word whose index entry (word, namespace and lower-cased name) would pass this is not indexed. */
export const MAX_NAME_WORD_ENTRY_BYTES = 2600;

/**
 * The words of a name for search by word: runs of letters and digits, lower-cased, each kept to
 * its first 64 characters, distinct. Names and search texts are split by this one function.
 */
export function nameWords(name: string): string[] {
  const words = new Set<string>();
  for (const word of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word !== '') words.add(word.length > MAX_WORD_CHARACTERS ? [...word].slice(0, MAX_WORD_CHARACTERS).join('') : word);
  }
  return [...words];
}

/** The longest word of a search text (the first in byte order among equals), or null. */
export function anchorWord(text: string): string | null {
  let anchor: string | null = null;
  for (const word of nameWords(text)) {
    if (anchor === null || [...word].length > [...anchor].length || ([...word].length === [...anchor].length && word < anchor)) anchor = word;
  }
  return anchor;
}

/** The last word of a text that follows a separator (`orders_2024` -> `2024`), kept to 64 characters; null when none. */
export function lastWordAfterSeparator(text: string): string | null {
  const m = /[^\p{L}\p{N}]([\p{L}\p{N}]+)[^\p{L}\p{N}]*$/u.exec(text.toLowerCase());
  return m ? [...m[1]].slice(0, MAX_WORD_CHARACTERS).join('') : null;
}
