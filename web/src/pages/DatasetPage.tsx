import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { LineageGraph } from '../api/types';
import { datasetQuery, datasetVersionsQuery, lineageQuery, marquezDatasetQuery, DATASET_EVENTS_SHOWN } from '../api/queries';
import type { DatasetDetail, DatasetEvent, Symlink } from '../api/types';
import { JobCell, RunCell } from '../components/EventCells';
import { JobLink } from '../components/JobLink';
import { RawEvent } from '../components/RawEvent';
import { usePageHeading } from '../components/page-heading';
import { errorMessage, isMissing, SectionNote } from '../components/Problem';
import { Breakable, Spinner, StateBadge, Time } from '../components/text';
import { datasetNodeId } from '../links';
import { DatasetQualitySection } from './DatasetQualitySection';
import { lastListSearch } from './list-memory';

/** One dataset: its schema, the jobs around it, its quality, versions, the events that named it, symlinks and identity. */
export function DatasetPage({ id }: { id: string }) {
  const dataset = useQuery(datasetQuery(id));
  const missing = dataset.isError && isMissing(dataset.error);
  const title = dataset.data ? dataset.data.name : missing ? 'Dataset not found' : 'Dataset';
  const heading = usePageHeading(title);

  return (
    <div className="page dataset-page">
      <p className="crumbs">
        <Link to="/" search={lastListSearch()}>
          ← All datasets
        </Link>
      </p>
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {dataset.data ? (
            <span className="mono">
              <Breakable text={dataset.data.name} />
            </span>
          ) : (
            title
          )}
        </h1>
      </div>
      <p className="status" role="status" aria-live="polite">
        {dataset.isPending ? (
          <>
            <Spinner />
            Loading dataset…
          </>
        ) : dataset.isError ? (
          missing ? (
            'Dataset not found.'
          ) : (
            'Could not load the dataset.'
          )
        ) : (
          ''
        )}
      </p>
      <div className="dataset-body" aria-busy={dataset.isPending ? 'true' : undefined}>
        {dataset.isError && (
          <div className="error" role="alert">
            <h2>{missing ? 'No such dataset' : 'Could not load the dataset'}</h2>
            <p>{missing ? `The store knows no dataset with the id ${id}. It may have come from another store, or the link is incomplete.` : errorMessage(dataset.error)}</p>
            {missing ? (
              <Link className="button" to="/">
                Browse all datasets
              </Link>
            ) : (
              <button type="button" className="button" onClick={() => void dataset.refetch()}>
                Try again
              </button>
            )}
          </div>
        )}
        {dataset.data && <DatasetBody d={dataset.data} />}
      </div>
    </div>
  );
}

function DatasetBody({ d }: { d: DatasetDetail }) {
  return (
    <>
      <p className="lead mono">{d.namespace}</p>
      {d.description && <p className="description">{d.description}</p>}
      <p>
        <Link className="button secondary" to="/lineage" search={{ nodeId: datasetNodeId(d.namespace, d.name) }}>
          Lineage graph
        </Link>
      </p>
      {/* What people read first: the schema and the jobs around it; identity details last. */}
      <SchemaSection namespace={d.namespace} name={d.name} />
      <JobsSection namespace={d.namespace} name={d.name} />
      <DatasetQualitySection namespace={d.namespace} name={d.name} />
      <VersionsSection namespace={d.namespace} name={d.name} />
      <EventsSection events={d.events} />
      <SymlinksSection symlinks={d.symlinks} />
      <Identity d={d} />
    </>
  );
}

function Identity({ d }: { d: DatasetDetail }) {
  const row = (term: string, value: React.ReactNode) => (
    <>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </>
  );
  return (
    <section className="card" aria-labelledby="identity-title">
      <h2 id="identity-title">Identity</h2>
      <dl className="identity">
        {row('Namespace', <span className="mono">{d.namespace}</span>)}
        {row('Name', <span className="mono">{d.name}</span>)}
        {row('Scheme', <span className="tag">{d.scheme}</span>)}
        {row('Authority', d.authority ? <span className="mono">{d.authority}</span> : <span className="muted">none</span>)}
        {row('Kind', <span className={`badge kind-${d.kind}`}>{d.kind}</span>)}
        {row('First seen', <Time iso={d.firstSeenAt} relative />)}
        {row('Last seen', <Time iso={d.lastSeenAt} relative />)}
        {row('Id', <span className="mono small">{d.id}</span>)}
      </dl>
    </section>
  );
}

function Count({ n }: { n: number }) {
  return <span className="count">{n}</span>;
}

/** A card titled with its count; `empty` stands in for the content when there is nothing to count. */
function CountedSection({ id, title, count, empty, children }: { id: string; title: string; count: number; empty: string; children: React.ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <Count n={count} />
      </h2>
      {count === 0 ? <p className="muted">{empty}</p> : children}
    </section>
  );
}

function SchemaSection({ namespace, name }: { namespace: string; name: string }) {
  const marquez = useQuery(marquezDatasetQuery(namespace, name));
  const fields = marquez.data?.fields ?? [];
  return (
    <section className="card" aria-labelledby="schema-title">
      <h2 id="schema-title">
        Schema <Count n={fields.length} />
      </h2>
      {marquez.isPending ? (
        <p className="muted">Loading the schema…</p>
      ) : marquez.isError ? (
        <SectionNote error={marquez.error} />
      ) : fields.length === 0 ? (
        <p className="muted">No event has described the fields of this dataset.</p>
      ) : (
        <div className="table-wrap">
          <table className="data schema">
            <caption className="visually-hidden">Fields of this dataset</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Type</th>
                <th scope="col">Tags</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {fields.map((f) => (
                <tr key={f.name}>
                  <th scope="row" className="mono">
                    {f.name}
                  </th>
                  <td className="mono">{f.type ?? <span className="muted">—</span>}</td>
                  <td>{f.tags.length ? f.tags.map((t) => <span key={t} className="tag">{t}</span>) : <span className="muted">—</span>}</td>
                  <td>{f.description ?? <span className="muted">—</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {marquez.data && marquez.data.tags.length > 0 && (
        <p>
          Dataset tags:{' '}
          {marquez.data.tags.map((t) => (
            <span key={t} className="tag">
              {t}
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

interface JobRef {
  namespace: string;
  name: string;
}

/** The jobs one edge away: writers point at the dataset, readers away from it. */
function jobsAround(graph: LineageGraph, nodeId: string): { producers: JobRef[]; consumers: JobRef[] } {
  const byId = new Map(graph.graph.map((n) => [n.id, n]));
  const node = byId.get(nodeId);
  const ref = (id: string): JobRef | null => {
    const job = byId.get(id);
    return job?.type === 'JOB' && job.data?.namespace && job.data.name ? { namespace: job.data.namespace, name: job.data.name } : null;
  };
  const refs = (ids: string[]) => ids.map(ref).filter((r): r is JobRef => r !== null);
  return {
    producers: refs(node?.inEdges.map((e) => e.origin) ?? []),
    consumers: refs(node?.outEdges.map((e) => e.destination) ?? []),
  };
}

function JobsSection({ namespace, name }: { namespace: string; name: string }) {
  const nodeId = datasetNodeId(namespace, name);
  const lineage = useQuery(lineageQuery({ nodeId, depth: 1, direction: 'both' }));
  const jobs = lineage.data ? jobsAround(lineage.data, nodeId) : null;
  const list = (title: string, refs: JobRef[], empty: string) => (
    <div>
      <h3>
        {title} <Count n={refs.length} />
      </h3>
      {refs.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="plain">
          {refs.map((j) => (
            <li key={`${j.namespace}:${j.name}`}>
              <JobLink {...j} /> <span className="muted small mono">{j.namespace}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
  return (
    <section className="card" aria-labelledby="jobs-title">
      <h2 id="jobs-title">Jobs</h2>
      {lineage.isPending ? (
        <p className="muted">Loading the jobs…</p>
      ) : lineage.isError ? (
        <SectionNote error={lineage.error} />
      ) : (
        jobs && (
          <div className="two-columns">
            {list('Produced by', jobs.producers, 'No job writes this dataset.')}
            {list('Consumed by', jobs.consumers, 'No job reads this dataset.')}
          </div>
        )
      )}
    </section>
  );
}

function VersionsSection({ namespace, name }: { namespace: string; name: string }) {
  const versions = useQuery(datasetVersionsQuery(namespace, name));
  const rows = versions.data?.versions ?? [];
  return (
    <section className="card" aria-labelledby="versions-title">
      <h2 id="versions-title">
        Versions <Count n={versions.data?.totalCount ?? rows.length} />
      </h2>
      {versions.isPending ? (
        <p className="muted">Loading the versions…</p>
      ) : versions.isError ? (
        <SectionNote error={versions.error} />
      ) : rows.length === 0 ? (
        <p className="muted">No version of this dataset has been recorded.</p>
      ) : (
        <div className="table-wrap">
          <table className="data versions">
            <caption className="visually-hidden">Versions of this dataset, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Created</th>
                <th scope="col">Fields</th>
                <th scope="col">Created by run</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((v) => (
                <tr key={v.version}>
                  <th scope="row" className="mono small" title={v.version}>
                    {v.version.slice(0, 8)}
                  </th>
                  <td className="nowrap">
                    <Time iso={v.createdAt} />
                  </td>
                  <td className="mono small">{v.fields.map((f) => `${f.name}${f.type ? ` ${f.type}` : ''}`).join(', ') || '—'}</td>
                  <td>
                    {v.createdByRun ? (
                      <Link to="/runs/$runId" params={{ runId: v.createdByRun.id }} className="mono small">
                        {v.createdByRun.id}
                      </Link>
                    ) : (
                      <span className="muted">—</span>
                    )}{' '}
                    {v.createdByRun && <StateBadge state={v.createdByRun.state} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function SymlinksSection({ symlinks }: { symlinks: Symlink[] }) {
  return (
    <CountedSection
      id="symlinks"
      title="Symlinks"
      count={symlinks.length}
      empty="No other names are declared for this dataset, and it is not declared as another’s."
    >
      <div className="table-wrap">
        <table className="data">
          <caption className="visually-hidden">Symlinks of this dataset</caption>
          <thead>
            <tr>
              <th scope="col">Relation</th>
              <th scope="col">Namespace</th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Kind</th>
            </tr>
          </thead>
          <tbody>
            {symlinks.map((s) => (
              <tr key={`${s.id}:${s.direction}`}>
                <td>{s.direction === 'declares' ? 'declares' : 'declared by'}</td>
                <td className="mono ns">
                  <Breakable text={s.namespace} />
                </td>
                <th scope="row" className="mono name">
                  <Link to="/datasets/$id" params={{ id: s.id }}>
                    <Breakable text={s.name} />
                  </Link>
                </th>
                <td>{s.type ?? <span className="muted">—</span>}</td>
                <td>
                  <span className={`badge kind-${s.kind}`}>{s.kind}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </CountedSection>
  );
}

function EventsSection({ events }: { events: DatasetEvent[] }) {
  const note =
    events.length >= DATASET_EVENTS_SHOWN
      ? `The ${DATASET_EVENTS_SHOWN} most recent events that named this dataset, newest first.`
      : 'The events that named this dataset, newest first. Open one to see the event as it was received.';
  return (
    <CountedSection id="events" title="Events" count={events.length} empty="No events are linked to this dataset.">
      <p className="muted">{note}</p>
      <div className="table-wrap">
        <table className="data events">
          <caption className="visually-hidden">Events that named this dataset, newest first</caption>
          <colgroup>
            {['type', 'time', 'job', 'run', 'role', 'raw'].map((c) => (
              <col key={c} className={`col-${c}`} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Event time</th>
              <th scope="col">Job</th>
              <th scope="col">Run</th>
              <th scope="col">Role</th>
              <th scope="col">Raw event</th>
            </tr>
          </thead>
          {events.map((e) => (
            <EventRows key={`${e.eventId}:${e.role}`} e={e} />
          ))}
        </table>
      </div>
    </CountedSection>
  );
}

/** Each event is its own <tbody>: the summary row and, once opened, the row with the raw JSON. */
function EventRows({ e }: { e: DatasetEvent }) {
  const [open, setOpen] = useState(false);
  const panelId = `event-${e.eventId}-${e.role}-raw`;
  return (
    <tbody className="event">
      <tr>
        <td>
          <span className={`badge type-${(e.eventType ?? 'none').toLowerCase()}`}>{e.eventType ?? 'no type'}</span>
        </td>
        <td className="nowrap">
          <Time iso={e.eventTime} />
        </td>
        <JobCell namespace={e.jobNamespace} name={e.jobName} />
        <RunCell runId={e.runId} />
        <td>
          <span className={`badge role-${e.role}`}>{e.role}</span>
        </td>
        <td>
          <button type="button" className="button small secondary toggle" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
            <span className="chevron" aria-hidden="true" />
            JSON
            <span className="visually-hidden">{` of event ${e.eventId}, ${e.eventType ?? 'no type'}, ${e.eventTime}`}</span>
          </button>
        </td>
      </tr>
      <tr className="raw-row" id={panelId} hidden={!open}>
        <td colSpan={6}>{open && <RawEvent eventId={e.eventId} />}</td>
      </tr>
    </tbody>
  );
}
