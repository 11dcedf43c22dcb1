import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { basePath } from '../api/client';
import { datasetsQuery, namespacesQuery } from '../api/queries';
import type { Dataset } from '../api/types';
import { formatTotal, relativeTime } from '../components/format';
import { FilterSelect } from '../components/FilterBar';
import { usePageHeading } from '../components/page-heading';
import { CursorPager } from '../components/Pager';
import { ListTable } from '../components/ListTable';
import { Problem } from '../components/Problem';
import { Breakable, Spinner, Time } from '../components/text';
import type { ListSearch } from './list-search';
import { rememberList } from './list-memory';

const SEARCH_DEBOUNCE_MS = 250;
const DATASET_KINDS = [
  ['dataset', 'Datasets'],
  ['symlink', 'Symlinks'],
] as const;

interface Filters {
  q: string;
  namespace: string;
  scheme: string;
  kind: string;
}

/** The datasets list: filters and page in the URL, the search box keeps focus while the table follows it. */
export function DatasetsPage() {
  const search = useSearch({ from: '/' });
  const navigate = useNavigate();
  const heading = usePageHeading('Datasets');
  const filters: Filters = { q: search.q ?? '', namespace: search.namespace ?? '', scheme: search.scheme ?? '', kind: search.kind ?? '' };
  const cursor = search.cursor ?? '';
  const prev = search.prev ?? [];
  rememberList(search);

  const go = (next: ListSearch, replace = false) => void navigate({ to: '/', search: next, replace });
  const applyFilters = (next: Filters, replace: boolean) => {
    const same = next.q === filters.q && next.namespace === filters.namespace && next.scheme === filters.scheme && next.kind === filters.kind;
    if (!same) go(next, replace);
  };

  // The box holds what the user types; the URL follows it after a pause (without a history entry per key).
  const [text, setText] = useState(filters.q);
  useEffect(() => setText((current) => (current.trim() === filters.q ? current : filters.q)), [filters.q]);
  useEffect(() => {
    if (text.trim() === filters.q) return;
    const timer = window.setTimeout(() => applyFilters({ ...filters, q: text.trim() }, true), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const list = useQuery({ ...datasetsQuery({ ...filters, cursor }), placeholderData: keepPreviousData });
  const namespaces = useQuery(namespacesQuery());
  const known = namespaces.data?.namespaces.map((n) => n.name) ?? [];
  const namespaceOptions = unique([...known, filters.namespace]);
  const schemeOptions = unique([...known.map(schemeOf), filters.scheme]);

  const pageNumber = prev.length + 1;
  const hasFilters = Boolean(filters.q || filters.namespace || filters.scheme || filters.kind);
  const loading = list.isFetching;
  const page = list.isError ? undefined : list.data;

  let status: ReactNode = '';
  let results: ReactNode = null;
  if (loading) {
    status = (
      <>
        <Spinner />
        Loading datasets…
      </>
    );
  } else if (list.isError) {
    status = 'Could not load datasets.';
  } else if (page) {
    const count = page.datasets.length;
    status =
      count === 0
        ? hasFilters
          ? 'No datasets match.'
          : cursor
            ? 'This page is empty.'
            : 'No datasets yet.'
        : page.totalCount === null
          ? `${count} dataset${count === 1 ? '' : 's'} on page ${pageNumber}${page.nextCursor ? ', more on the next page' : ''}.`
          : !cursor && !page.nextCursor
            ? `${formatTotal(page.totalCount)} dataset${page.totalCount === 1 ? '' : 's'}.`
            : `${formatTotal(page.totalCount)} datasets; page ${pageNumber} shows ${count}.`;
  }
  if (list.isError) {
    results = <Problem title="Could not load datasets" error={list.error} retry={() => void list.refetch()} />;
  } else if (page && page.datasets.length > 0) {
    results = <DatasetTable datasets={page.datasets} />;
  } else if (page && (hasFilters || cursor)) {
    results = (
      <div className="empty">
        <h2>No datasets match</h2>
        <p>Nothing matches these filters. Try a shorter search, another namespace or scheme.</p>
        <button type="button" className="button" onClick={() => go({})}>
          Clear filters
        </button>
      </div>
    );
  } else if (page) {
    results = <Onboarding />;
  }

  const nextCursor = page?.nextCursor ?? null;

  return (
    <div className="page datasets-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Datasets
        </h1>
        <p className="lead">Every dataset named by an OpenLineage event, across all namespaces.</p>
      </div>
      <form
        className="filters"
        role="search"
        aria-label="Filter datasets"
        onSubmit={(event) => {
          event.preventDefault();
          applyFilters({ ...filters, q: text.trim() }, false);
        }}
      >
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input
            id="filter-q"
            type="search"
            name="q"
            placeholder="Part of a name or namespace"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="filter-q-hint"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && text) {
                setText('');
                applyFilters({ ...filters, q: '' }, true);
              }
            }}
          />
          <span id="filter-q-hint" className="visually-hidden">
            Matches any part of the dataset name or namespace, ignoring case. The list updates as you type.
          </span>
        </div>
        <FilterSelect id="filter-namespace" label="Namespace" anyLabel="All namespaces" options={namespaceOptions} value={filters.namespace} onChange={(namespace) => applyFilters({ ...filters, namespace }, false)} />
        <FilterSelect id="filter-scheme" label="Scheme" anyLabel="All schemes" options={schemeOptions} value={filters.scheme} onChange={(scheme) => applyFilters({ ...filters, scheme }, false)} />
        <FilterSelect id="filter-kind" label="Kind" anyLabel="All kinds" options={DATASET_KINDS} value={filters.kind} onChange={(kind) => applyFilters({ ...filters, kind }, false)} />
        <div className="filter-actions">
          <button type="button" className="button secondary" hidden={!hasFilters} onClick={() => go({})}>
            Clear filters
          </button>
        </div>
      </form>
      <p className="status" role="status" aria-live="polite">
        {status}
      </p>
      <div className={`results${loading ? ' loading' : ''}`} id="dataset-results" aria-busy={loading ? 'true' : undefined}>
        {results}
      </div>
      {!list.isError && <CursorPager label="Pages of datasets" cursor={cursor} prev={prev} nextCursor={nextCursor} onPage={(page, earlier) => go({ ...filters, cursor: page, prev: page ? earlier : [] })} />}
    </div>
  );
}


function DatasetTable({ datasets }: { datasets: Dataset[] }) {
  const now = Date.now();
  return (
    <ListTable className="datasets" caption="Datasets, ordered by namespace and name" columns={['Namespace', 'Name', 'Scheme', 'Kind', 'Last seen']}>
      <tbody>
        {datasets.map((d) => (
          <tr key={d.id}>
            <td className="mono ns">
              <Breakable text={d.namespace} />
            </td>
            <th scope="row" className="mono name">
              <Link to="/datasets/$id" params={{ id: d.id }}>
                <Breakable text={d.name} />
              </Link>
            </th>
            <td>{d.scheme === d.namespace.toLowerCase() ? <span className="muted" title="The namespace is not a URI: it has no scheme">—</span> : <span className="tag">{d.scheme}</span>}</td>
            <td>
              <span className={`badge kind-${d.kind}`}>{d.kind}</span>
            </td>
            <td className="nowrap">
              <Time iso={d.lastSeenAt} />
              <div className="muted small">{relativeTime(d.lastSeenAt, now)}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** The empty state of a brand-new store: how to point Trino at it. */
function Onboarding() {
  const storeUrl = `${location.origin}${basePath()}`;
  const config = [
    'event-listener.name=openlineage',
    'openlineage-event-listener.transport.type=HTTP',
    `openlineage-event-listener.transport.url=${storeUrl}`,
    'openlineage-event-listener.trino.uri=http://<trino-host>:8080',
  ].join('\n');
  const [copied, setCopied] = useState('');
  const copy = async (target: HTMLElement | null) => {
    try {
      await navigator.clipboard.writeText(config);
      setCopied('Copied.');
    } catch {
      if (target) {
        const range = document.createRange();
        range.selectNodeContents(target);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
        target.focus();
      }
      setCopied('Selected: press Ctrl+C to copy.');
    }
  };
  return (
    <section className="empty onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">No lineage yet</h2>
      <p>
        The store has not received an OpenLineage event that names a dataset. To send Trino’s lineage here, put this file on every Trino node as <code>etc/event-listener.properties</code> (Trino 449 or newer) and restart Trino:
      </p>
      <pre className="code" id="trino-config" tabIndex={0} role="region" aria-label="etc/event-listener.properties">
        <code>{config}</code>
      </pre>
      <div className="row">
        <button type="button" className="button secondary" onClick={() => void copy(document.getElementById('trino-config'))}>
          Copy configuration
        </button>
        <span className="muted small" role="status" aria-live="polite">
          {copied}
        </span>
      </div>
      <p className="muted">
        Replace <code>&lt;trino-host&gt;</code> with the address clients use to reach Trino; it becomes the namespace of your datasets. Trino reports data-changing queries (CREATE TABLE AS, INSERT, MERGE, DELETE, …) when they start and end. Other producers (Spark, Airflow, dbt, Flink) can post to{' '}
        <code>{`${storeUrl}/api/v1/lineage`}</code>.
      </p>
    </section>
  );
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ''))].sort((a, b) => a.localeCompare(b));
}

/** The same rule as the store's projection: `trino://h:1` -> trino, `aws:glue:x` -> aws, `food` -> food. */
function schemeOf(namespace: string): string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(namespace);
  return (match ? match[1] : namespace).toLowerCase();
}
