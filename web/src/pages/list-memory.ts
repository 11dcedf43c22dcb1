import type { ListSearch } from './list-search';

/** The list URL the user last looked at, so "All datasets" keeps their filters and page. */
let lastList: ListSearch = {};

export function rememberList(search: ListSearch): void {
  lastList = search;
}

export function lastListSearch(): ListSearch {
  return lastList;
}
