import './styles.css';
import { DatasetPage } from './dataset-page';
import { DatasetsPage } from './datasets-page';
import { h, replaceChildren } from './dom';
import { rememberList, setRouteHandler } from './nav';
import { listHash, parseRoute } from './routes';

const main = document.getElementById('main') as HTMLElement;
let datasetsPage: DatasetsPage | null = null;
let datasetPage: DatasetPage | null = null;
let currentView: string | null = null;

function route(): void {
  const r = parseRoute(location.hash);
  const previousView = currentView;
  let heading: HTMLElement;
  if (r.view === 'datasets') {
    datasetPage?.dispose();
    datasetPage = null;
    rememberList(listHash(r.params));
    if (!datasetsPage || currentView !== 'datasets') {
      datasetsPage ??= new DatasetsPage();
      replaceChildren(main, datasetsPage.el);
    }
    document.title = 'Datasets · Metadata Store';
    // Coming back from another view reloads: the store may have learned of new datasets.
    datasetsPage.update(r.params, { force: currentView !== 'datasets' });
    heading = datasetsPage.heading;
    currentView = 'datasets';
  } else if (r.view === 'dataset') {
    if (!datasetPage || datasetPage.id !== r.id) {
      datasetPage?.dispose();
      datasetPage = new DatasetPage(r.id);
      replaceChildren(main, datasetPage.el);
      document.title = 'Dataset · Metadata Store';
    }
    heading = datasetPage.heading;
    currentView = `dataset:${r.id}`;
  } else {
    datasetPage?.dispose();
    datasetPage = null;
    heading = h('h1', { tabindex: '-1' }, 'Page not found');
    replaceChildren(main, h('div', { class: 'page' }, heading, h('p', {}, 'There is no page at this address. '), h('a', { class: 'button', href: '#/' }, 'Browse all datasets')));
    document.title = 'Not found · Metadata Store';
    currentView = 'not-found';
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-nav]')) {
    if (link.dataset.nav === 'datasets' && r.view === 'datasets') link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  // Moving to another view moves focus to its heading (announced by screen readers); the first
  // load and changes within the list (typing, filters, pages) leave focus where it is.
  if (previousView !== null && previousView !== currentView) {
    heading.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }
}

// The skip link must not touch the hash: the hash is the router's.
document.querySelector('.skip-link')?.addEventListener('click', (event) => {
  event.preventDefault();
  main.focus();
});

setRouteHandler(route);
window.addEventListener('hashchange', route);
if (location.hash === '') history.replaceState(history.state, '', '#/');
route();

// Keyboard shortcut: "/" jumps to the search box on the list.
document.addEventListener('keydown', (event) => {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement | null;
  if (target && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return;
  const search = document.getElementById('filter-q');
  if (search) {
    event.preventDefault();
    search.focus();
  }
});
