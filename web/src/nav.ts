/** Navigation between hash routes. `replace` is for typing in the search box: no history entry per key. */

let onRoute: () => void = () => undefined;

export function setRouteHandler(handler: () => void): void {
  onRoute = handler;
}

export function navigate(hash: string, options: { replace?: boolean } = {}): void {
  if (location.hash === hash || (hash === '#/' && location.hash === '')) {
    onRoute();
  } else if (options.replace) {
    history.replaceState(history.state, '', hash);
    onRoute();
  } else {
    location.hash = hash; // fires hashchange, which routes
  }
}

/** The list URL the user last looked at, so "back to datasets" keeps their filters and page. */
let lastList = '#/';

export function rememberList(hash: string): void {
  lastList = hash;
}

export function lastListHash(): string {
  return lastList;
}
