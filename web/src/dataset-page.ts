import { ApiError, DatasetDetail, DatasetEvent, getDataset, getEvent, StoredEvent, Symlink } from './api';
import { h, replaceChildren } from './dom';
import { breakable, timeEl } from './format';
import { jsonView } from './json-view';
import { lastListHash } from './nav';
import { datasetHash } from './routes';

const EVENTS_SHOWN = 200;

/** One dataset: its identity, its symlinks and the events that named it, each expandable to the raw event. */
export class DatasetPage {
  readonly el: HTMLElement;
  readonly heading: HTMLHeadingElement;
  private readonly body: HTMLElement;
  private readonly status: HTMLElement;
  private readonly controller = new AbortController();

  constructor(readonly id: string) {
    this.heading = h('h1', { tabindex: '-1' }, 'Dataset');
    this.status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
    this.body = h('div', { class: 'dataset-body', 'aria-busy': 'true' });
    this.el = h(
      'div',
      { class: 'page dataset-page' },
      h('p', { class: 'crumbs' }, h('a', { href: lastListHash() }, '← All datasets')),
      h('div', { class: 'page-head' }, this.heading),
      this.status,
      this.body,
    );
    void this.load();
  }

  /** Leaving the page cancels what it still loads. */
  dispose(): void {
    this.controller.abort();
  }

  private async load(): Promise<void> {
    replaceChildren(this.status, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading dataset…');
    this.body.setAttribute('aria-busy', 'true');
    let dataset: DatasetDetail;
    try {
      dataset = await getDataset(this.id, this.controller.signal);
    } catch (error) {
      if (this.controller.signal.aborted) return;
      this.body.removeAttribute('aria-busy');
      this.showError(error);
      return;
    }
    this.body.removeAttribute('aria-busy');
    this.status.textContent = '';
    this.render(dataset);
  }

  private showError(error: unknown): void {
    const status = error instanceof ApiError ? error.status : 0;
    const missing = status === 404 || status === 400;
    this.heading.textContent = missing ? 'Dataset not found' : 'Dataset';
    document.title = `${this.heading.textContent} · Metadata Store`;
    this.status.textContent = missing ? 'Dataset not found.' : 'Could not load the dataset.';
    const message = error instanceof Error ? error.message : String(error);
    replaceChildren(
      this.body,
      h(
        'div',
        { class: 'error', role: 'alert' },
        h('h2', {}, missing ? 'No such dataset' : 'Could not load the dataset'),
        h('p', {}, missing ? `The store knows no dataset with the id ${this.id}. It may have come from another store, or the link is incomplete.` : message),
        missing
          ? h('a', { class: 'button', href: '#/' }, 'Browse all datasets')
          : h('button', { type: 'button', class: 'button', onclick: () => void this.load() }, 'Try again'),
      ),
    );
  }

  private render(d: DatasetDetail): void {
    replaceChildren(this.heading, h('span', { class: 'mono' }, breakable(d.name)));
    document.title = `${d.name} · Metadata Store`;
    replaceChildren(
      this.body,
      h('p', { class: 'lead mono' }, d.namespace),
      identity(d),
      symlinksSection(d.symlinks),
      eventsSection(d.events),
    );
  }
}

function identity(d: DatasetDetail): HTMLElement {
  const row = (term: string, ...value: (Node | string)[]) => [h('dt', {}, term), h('dd', {}, ...value)];
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'identity-title' },
    h('h2', { id: 'identity-title' }, 'Identity'),
    h(
      'dl',
      { class: 'identity' },
      row('Namespace', h('span', { class: 'mono' }, d.namespace)),
      row('Name', h('span', { class: 'mono' }, d.name)),
      row('Scheme', h('span', { class: 'tag' }, d.scheme)),
      row('Authority', d.authority ? h('span', { class: 'mono' }, d.authority) : h('span', { class: 'muted' }, 'none')),
      row('Kind', h('span', { class: `badge kind-${d.kind}` }, d.kind)),
      row('First seen', timeEl(d.firstSeenAt, { relative: true })),
      row('Last seen', timeEl(d.lastSeenAt, { relative: true })),
      row('Id', h('span', { class: 'mono small' }, d.id)),
    ),
  );
}

function symlinksSection(symlinks: Symlink[]): HTMLElement {
  const title = h('h2', { id: 'symlinks-title' }, 'Symlinks ', h('span', { class: 'count' }, String(symlinks.length)));
  if (symlinks.length === 0) {
    return h('section', { class: 'card', 'aria-labelledby': 'symlinks-title' }, title, h('p', { class: 'muted' }, 'No other names are declared for this dataset, and it is not declared as another’s.'));
  }
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'symlinks-title' },
    title,
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'data' },
        h('caption', { class: 'visually-hidden' }, 'Symlinks of this dataset'),
        h('thead', {}, h('tr', {}, th('Relation'), th('Namespace'), th('Name'), th('Type'), th('Kind'))),
        h(
          'tbody',
          {},
          symlinks.map((s) =>
            h(
              'tr',
              {},
              h('td', {}, s.direction === 'declares' ? 'declares' : 'declared by'),
              h('td', { class: 'mono ns' }, breakable(s.namespace)),
              h('th', { scope: 'row', class: 'mono name' }, h('a', { href: datasetHash(s.id) }, breakable(s.name))),
              h('td', {}, s.type ?? h('span', { class: 'muted' }, '—')),
              h('td', {}, h('span', { class: `badge kind-${s.kind}` }, s.kind)),
            ),
          ),
        ),
      ),
    ),
  );
}

function eventsSection(events: DatasetEvent[]): HTMLElement {
  const title = h('h2', { id: 'events-title' }, 'Events ', h('span', { class: 'count' }, String(events.length)));
  if (events.length === 0) {
    return h('section', { class: 'card', 'aria-labelledby': 'events-title' }, title, h('p', { class: 'muted' }, 'No events are linked to this dataset.'));
  }
  const note =
    events.length >= EVENTS_SHOWN
      ? `The ${EVENTS_SHOWN} most recent events that named this dataset, newest first.`
      : 'The events that named this dataset, newest first. Open one to see the event as it was received.';
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'events-title' },
    title,
    h('p', { class: 'muted' }, note),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'data events' },
        h('caption', { class: 'visually-hidden' }, 'Events that named this dataset, newest first'),
        h('colgroup', {}, ['type', 'time', 'job', 'run', 'role', 'raw'].map((c) => h('col', { class: `col-${c}` }))),
        h('thead', {}, h('tr', {}, th('Event'), th('Event time'), th('Job'), th('Run'), th('Role'), th('Raw event'))),
        events.map((e) => eventRows(e)),
      ),
    ),
  );
}

function th(text: string): HTMLElement {
  return h('th', { scope: 'col' }, text);
}

/** Each event is its own <tbody>: the summary row and, once opened, the row with the raw JSON. */
function eventRows(e: DatasetEvent): HTMLElement {
  const panelId = `event-${e.eventId}-raw`;
  const panelCell = h('td', { colspan: '6' });
  const panel = h('tr', { class: 'raw-row', id: panelId, hidden: true }, panelCell);
  let loaded = false;
  // The visible text stays in the accessible name; aria-expanded says whether it is open.
  const toggle = h(
    'button',
    { type: 'button', class: 'button small secondary toggle', 'aria-expanded': 'false', 'aria-controls': panelId },
    h('span', { class: 'chevron', 'aria-hidden': 'true' }),
    'JSON',
    h('span', { class: 'visually-hidden' }, ` of event ${e.eventId}, ${e.eventType ?? 'no type'}, ${e.eventTime}`),
  );
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open && !loaded) {
      loaded = true;
      void loadRaw(e.eventId, panelCell, () => (loaded = false));
    }
  });
  const job = e.jobName
    ? [h('span', { class: 'mono' }, breakable(e.jobName)), e.jobNamespace ? h('div', { class: 'muted small mono' }, breakable(e.jobNamespace)) : null]
    : [h('span', { class: 'muted' }, '—')];
  return h(
    'tbody',
    { class: 'event' },
    h(
      'tr',
      {},
      h('td', {}, h('span', { class: `badge type-${(e.eventType ?? 'none').toLowerCase()}` }, e.eventType ?? 'no type')),
      h('td', { class: 'nowrap' }, timeEl(e.eventTime)),
      h('td', { class: 'job' }, ...job),
      h('td', { class: 'mono small run' }, e.runId ? h('span', {}, e.runId) : h('span', { class: 'muted' }, '—')),
      h('td', {}, h('span', { class: `badge role-${e.role}` }, e.role)),
      h('td', {}, toggle),
    ),
    panel,
  );
}

async function loadRaw(eventId: string, cell: HTMLElement, onFail: () => void): Promise<void> {
  replaceChildren(cell, h('p', { class: 'status', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), 'Loading event…'));
  let stored: StoredEvent;
  try {
    stored = await getEvent(eventId);
  } catch (error) {
    onFail();
    replaceChildren(cell, h('div', { class: 'error', role: 'alert' }, h('p', {}, `Could not load event ${eventId}: ${error instanceof Error ? error.message : String(error)}`), h('button', { type: 'button', class: 'button small', onclick: () => void loadRaw(eventId, cell, onFail) }, 'Try again')));
    return;
  }
  const meta = (term: string, value: Node | string) => h('div', {}, h('dt', {}, term), h('dd', {}, value));
  replaceChildren(
    cell,
    h(
      'div',
      { class: 'raw' },
      h(
        'dl',
        { class: 'raw-meta' },
        meta('Event id', h('span', { class: 'mono' }, stored.id)),
        meta('Received', timeEl(stored.receivedAt)),
        meta('Kind', stored.eventKind),
        meta('Producer', stored.producer ? h('span', { class: 'mono small' }, stored.producer) : '—'),
        meta('Source', stored.sourceType),
      ),
      jsonView(stored.event, `Raw OpenLineage event ${stored.id}`),
    ),
  );
}
