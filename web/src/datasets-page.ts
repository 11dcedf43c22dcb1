import { ApiError, basePath, Dataset, DatasetList, listDatasets, listNamespaces, schemeOf } from './api';
import { h, replaceChildren } from './dom';
import { breakable, relativeTime, timeEl } from './format';
import { navigate } from './nav';
import { datasetHash, EMPTY_LIST, hasFilters, ListParams, listHash } from './routes';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The datasets list. Built once and kept while the user stays on it, so the search box keeps its
 * focus and caret while the URL (and the table) follow what they type.
 */
export class DatasetsPage {
  readonly el: HTMLElement;
  readonly heading: HTMLHeadingElement;
  private readonly search: HTMLInputElement;
  private readonly namespace: HTMLSelectElement;
  private readonly scheme: HTMLSelectElement;
  private readonly kind: HTMLSelectElement;
  private readonly clearButton: HTMLButtonElement;
  private readonly status: HTMLElement;
  private readonly results: HTMLElement;
  private readonly pager: HTMLElement;
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly pageLabel: HTMLElement;

  private params: ListParams = EMPTY_LIST;
  private loadedKey: string | null = null;
  private nextCursor: string | null = null;
  private inflight: AbortController | null = null;
  private debounce: number | undefined;
  private namespaces: string[] = [];

  constructor() {
    this.heading = h('h1', { tabindex: '-1' }, 'Datasets');
    this.search = h('input', {
      id: 'filter-q',
      type: 'search',
      name: 'q',
      placeholder: 'Part of a name or namespace',
      autocomplete: 'off',
      spellcheck: 'false',
      'aria-describedby': 'filter-q-hint',
    });
    this.namespace = h('select', { id: 'filter-namespace', name: 'namespace' });
    this.scheme = h('select', { id: 'filter-scheme', name: 'scheme' });
    this.kind = h(
      'select',
      { id: 'filter-kind', name: 'kind' },
      h('option', { value: '' }, 'All kinds'),
      h('option', { value: 'dataset' }, 'Datasets'),
      h('option', { value: 'symlink' }, 'Symlinks'),
    );
    this.clearButton = h('button', { type: 'button', class: 'button secondary', onclick: () => navigate(listHash({})) }, 'Clear filters');
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.results = h('div', { class: 'results', id: 'dataset-results' });
    this.previous = h('button', { type: 'button', class: 'button secondary', onclick: () => this.goPrevious() }, '← Previous');
    this.next = h('button', { type: 'button', class: 'button secondary', onclick: () => this.goNext() }, 'Next →');
    this.pageLabel = h('span', { class: 'page-label' });
    this.pager = h('nav', { class: 'pager', 'aria-label': 'Pages of datasets' }, this.previous, this.pageLabel, this.next);

    this.search.addEventListener('input', () => {
      window.clearTimeout(this.debounce);
      this.debounce = window.setTimeout(() => this.applyFilters(true), SEARCH_DEBOUNCE_MS);
    });
    this.search.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.search.value) {
        this.search.value = '';
        window.clearTimeout(this.debounce);
        this.applyFilters(true);
      }
    });
    for (const select of [this.namespace, this.scheme, this.kind]) select.addEventListener('change', () => this.applyFilters(false));

    const form = h(
      'form',
      { class: 'filters', role: 'search', 'aria-label': 'Filter datasets', onsubmit: (event: Event) => {
        event.preventDefault();
        window.clearTimeout(this.debounce);
        this.applyFilters(false);
      } },
      field('filter-q', 'Search', this.search, h('span', { id: 'filter-q-hint', class: 'visually-hidden' }, 'Matches any part of the dataset name or namespace, ignoring case. The list updates as you type.')),
      field('filter-namespace', 'Namespace', this.namespace),
      field('filter-scheme', 'Scheme', this.scheme),
      field('filter-kind', 'Kind', this.kind),
      h('div', { class: 'filter-actions' }, this.clearButton),
    );

    this.el = h(
      'div',
      { class: 'page datasets-page' },
      h('div', { class: 'page-head' }, this.heading, h('p', { class: 'lead' }, 'Every dataset named by an OpenLineage event, across all namespaces.')),
      form,
      this.status,
      this.results,
      this.pager,
    );
    this.fillSelects();
    void this.loadNamespaces();
  }

  /** Called on every route to the list: syncs the controls with the URL and loads when it changed. */
  update(params: ListParams, options: { force?: boolean } = {}): void {
    this.params = params;
    if (this.search.value.trim() !== params.q) this.search.value = params.q;
    this.fillSelects();
    this.namespace.value = params.namespace;
    this.scheme.value = params.scheme;
    this.kind.value = params.kind;
    this.clearButton.hidden = !hasFilters(params);
    const key = listHash(params);
    if (!options.force && key === this.loadedKey) return;
    this.loadedKey = key;
    void this.load();
  }

  private applyFilters(replace: boolean): void {
    const next: ListParams = {
      q: this.search.value.trim(),
      namespace: this.namespace.value,
      scheme: this.scheme.value,
      kind: this.kind.value,
      cursor: '',
      prev: [],
    };
    const same = next.q === this.params.q && next.namespace === this.params.namespace && next.scheme === this.params.scheme && next.kind === this.params.kind;
    if (same) return;
    navigate(listHash(next), { replace });
  }

  private goNext(): void {
    if (!this.nextCursor) return;
    navigate(listHash({ ...this.params, cursor: this.nextCursor, prev: [...this.params.prev, this.params.cursor] }));
  }

  private goPrevious(): void {
    if (!this.params.cursor) return;
    const prev = [...this.params.prev];
    const cursor = prev.pop() ?? '';
    navigate(listHash({ ...this.params, cursor, prev: cursor ? prev : [] }));
  }

  private async load(): Promise<void> {
    this.inflight?.abort();
    const controller = new AbortController();
    this.inflight = controller;
    const params = this.params;
    this.results.setAttribute('aria-busy', 'true');
    this.results.classList.add('loading');
    this.status.className = 'status';
    replaceChildren(this.status, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading datasets…');
    let page: DatasetList;
    try {
      page = await listDatasets(
        { q: params.q, namespace: params.namespace, scheme: params.scheme, kind: params.kind, cursor: params.cursor },
        controller.signal,
      );
    } catch (error) {
      if (controller.signal.aborted) return;
      this.showError(error);
      return;
    } finally {
      if (this.inflight === controller) {
        this.results.removeAttribute('aria-busy');
        this.results.classList.remove('loading');
      }
    }
    if (controller.signal.aborted) return;
    this.inflight = null;
    this.nextCursor = page.nextCursor;
    this.render(page);
  }

  private render(page: DatasetList): void {
    const params = this.params;
    const pageNumber = params.prev.length + 1; // prev holds one cursor per earlier page
    this.previous.disabled = !params.cursor;
    this.next.disabled = !page.nextCursor;
    this.pager.hidden = !params.cursor && !page.nextCursor;
    this.pageLabel.textContent = `Page ${pageNumber}`;

    if (page.datasets.length === 0) {
      this.status.textContent = hasFilters(params) ? 'No datasets match.' : params.cursor ? 'This page is empty.' : 'No datasets yet.';
      replaceChildren(this.results, hasFilters(params) || params.cursor ? this.noMatch() : onboarding());
      return;
    }
    const count = page.datasets.length;
    const more = page.nextCursor ? ', more on the next page' : '';
    this.status.textContent = `${count} dataset${count === 1 ? '' : 's'} on page ${pageNumber}${more}.`;
    replaceChildren(this.results, datasetTable(page.datasets));
  }

  private noMatch(): HTMLElement {
    return h(
      'div',
      { class: 'empty' },
      h('h2', {}, 'No datasets match'),
      h('p', {}, 'Nothing matches these filters. Try a shorter search, another namespace or scheme.'),
      h('button', { type: 'button', class: 'button', onclick: () => navigate(listHash({})) }, 'Clear filters'),
    );
  }

  private showError(error: unknown): void {
    this.status.textContent = 'Could not load datasets.';
    this.pager.hidden = true;
    const message = error instanceof ApiError || error instanceof Error ? error.message : String(error);
    replaceChildren(
      this.results,
      h(
        'div',
        { class: 'error', role: 'alert' },
        h('h2', {}, 'Could not load datasets'),
        h('p', {}, message),
        h('button', { type: 'button', class: 'button', onclick: () => this.update(this.params, { force: true }) }, 'Try again'),
      ),
    );
  }

  private async loadNamespaces(): Promise<void> {
    try {
      this.namespaces = (await listNamespaces()).map((n) => n.name);
    } catch {
      this.namespaces = []; // the filters still work with what the URL holds
    }
    this.fillSelects();
    this.namespace.value = this.params.namespace;
    this.scheme.value = this.params.scheme;
  }

  /** Options from the namespaces the store knows, plus whatever the URL asks for. */
  private fillSelects(): void {
    const namespaces = unique([...this.namespaces, this.params.namespace]);
    const schemes = unique([...this.namespaces.map(schemeOf), this.params.scheme]);
    setOptions(this.namespace, 'All namespaces', namespaces);
    setOptions(this.scheme, 'All schemes', schemes);
  }
}

function field(id: string, label: string, control: HTMLElement, ...extra: HTMLElement[]): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, ...extra);
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ''))].sort((a, b) => a.localeCompare(b));
}

function setOptions(select: HTMLSelectElement, allLabel: string, values: string[]): void {
  const current = JSON.stringify([...select.options].map((o) => o.value));
  const wanted = JSON.stringify(['', ...values]);
  if (current === wanted) return;
  replaceChildren(select, h('option', { value: '' }, allLabel), values.map((v) => h('option', { value: v }, v)));
}

function datasetTable(datasets: Dataset[]): HTMLElement {
  const now = Date.now();
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'data datasets' },
      h('caption', { class: 'visually-hidden' }, 'Datasets, ordered by namespace and name'),
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, 'Namespace'), h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col' }, 'Scheme'), h('th', { scope: 'col' }, 'Kind'), h('th', { scope: 'col' }, 'Last seen')),
      ),
      h(
        'tbody',
        {},
        datasets.map((d) =>
          h(
            'tr',
            {},
            h('td', { class: 'mono ns' }, breakable(d.namespace)),
            h('th', { scope: 'row', class: 'mono name' }, h('a', { href: datasetHash(d.id) }, breakable(d.name))),
            h('td', {}, h('span', { class: 'tag' }, d.scheme)),
            h('td', {}, h('span', { class: `badge kind-${d.kind}` }, d.kind)),
            h('td', { class: 'nowrap' }, timeEl(d.lastSeenAt), h('div', { class: 'muted small' }, relativeTime(d.lastSeenAt, now))),
          ),
        ),
      ),
    ),
  );
}

/** The empty state of a brand-new store: how to point Trino at it. */
function onboarding(): HTMLElement {
  const storeUrl = `${location.origin}${basePath()}`;
  const config = [
    'event-listener.name=openlineage',
    'openlineage-event-listener.transport.type=HTTP',
    `openlineage-event-listener.transport.url=${storeUrl}`,
    'openlineage-event-listener.trino.uri=http://<trino-host>:8080',
  ].join('\n');
  const code = h('pre', { class: 'code', id: 'trino-config', tabindex: '0', role: 'region', 'aria-label': 'etc/event-listener.properties' }, h('code', {}, config));
  const copied = h('span', { class: 'muted small', role: 'status', 'aria-live': 'polite' });
  const copy = h(
    'button',
    {
      type: 'button',
      class: 'button secondary',
      onclick: () => void copyText(config, code).then((ok) => (copied.textContent = ok ? 'Copied.' : 'Selected: press Ctrl+C to copy.')),
    },
    'Copy configuration',
  );
  return h(
    'section',
    { class: 'empty onboarding', 'aria-labelledby': 'onboarding-title' },
    h('h2', { id: 'onboarding-title' }, 'No lineage yet'),
    h('p', {}, 'The store has not received an OpenLineage event that names a dataset. To send Trino’s lineage here, put this file on every Trino node as ', h('code', {}, 'etc/event-listener.properties'), ' (Trino 449 or newer) and restart Trino:'),
    code,
    h('div', { class: 'row' }, copy, copied),
    h(
      'p',
      { class: 'muted' },
      'Replace ',
      h('code', {}, '<trino-host>'),
      ' with the address clients use to reach Trino; it becomes the namespace of your datasets. Trino reports data-changing queries (CREATE TABLE AS, INSERT, MERGE, DELETE, …) when they start and end. Other producers (Spark, Airflow, dbt, Flink) can post to ',
      h('code', {}, `${storeUrl}/api/v1/lineage`),
      '.',
    ),
  );
}

async function copyText(text: string, fallback: HTMLElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents(fallback);
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    fallback.focus();
    return false;
  }
}
