import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Run, RunDatasetVersion } from '../api/types';
import { eventsQuery, runChildrenQuery, runQuery } from '../api/queries';
import { formatDuration, formatTotal } from '../components/format';
import { DatasetLink, JobLink } from '../components/JobLink';
import { JsonView } from '../components/JsonView';
import { usePageHeading } from '../components/page-heading';
import { jobNodeId } from '../node-ids';
import { isMissing, Problem, SectionNote } from '../components/Problem';
import { Spinner, StateBadge, Time } from '../components/text';
import { EventTable } from './EventsPage';
import { RunTable } from './RunsPage';

const RUN_EVENTS_SHOWN = 50;

/** One run: its job, state and times, where it sits in its hierarchy, what it read and wrote, its events and facets. */
export function RunPage({ runId }: { runId: string }) {
  const run = useQuery(runQuery(runId));
  const missing = run.isError && isMissing(run.error);
  const heading = usePageHeading(missing ? 'Run not found' : `Run ${runId}`);
  return (
    <div className="page run-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {missing ? 'Run not found' : 'Run '}
          {!missing && <span className="mono">{runId}</span>}
        </h1>
      </div>
      <p className="status" role="status" aria-live="polite">
        {run.isFetching && (
          <>
            <Spinner />
            Loading the run…
          </>
        )}
      </p>
      {run.isError && <Problem title={missing ? 'No such run' : 'Could not load the run'} error={run.error} retry={missing ? undefined : () => void run.refetch()} />}
      {run.data && <RunBody run={run.data} />}
    </div>
  );
}

function RunRef({ label, run }: { label: string; run: Run['parentRun'] }) {
  if (!run) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <Link to="/runs/$runId" params={{ runId: run.id }} className="mono small">
          {run.id}
        </Link>{' '}
        of <JobLink namespace={run.job.namespace} name={run.job.name} />
      </dd>
    </>
  );
}

function RunBody({ run }: { run: Run }) {
  const facets = Object.entries(run.facets ?? {});
  const events = useQuery(eventsQuery({ kind: 'run', eventType: '', namespace: '', runId: run.id, cursor: '', limit: RUN_EVENTS_SHOWN }));
  const children = useQuery(runChildrenQuery(run.id));
  return (
    <>
      <p>
        {/* What /api/v1/lineage answers for the node id run:{id}: the job's graph as that run left it. */}
        <Link className="button secondary" to="/lineage" search={{ nodeId: jobNodeId(run.job.namespace, run.job.name), asOf: run.updatedAt }}>
          Lineage at this run
        </Link>
      </p>
      <section className="card" aria-labelledby="run-about-title">
        <h2 id="run-about-title">Job, state and times</h2>
        <dl className="identity">
          <dt>Job</dt>
          <dd>
            <JobLink namespace={run.job.namespace} name={run.job.name} /> <span className="muted small mono">{run.job.namespace}</span>
          </dd>
          <dt>State</dt>
          <dd>
            <StateBadge state={run.state} />
          </dd>
          <RunRef label="Parent run" run={run.parentRun} />
          {run.rootRun && run.rootRun.id !== run.parentRun?.id && <RunRef label="Root run" run={run.rootRun} />}
          <dt>Started</dt>
          <dd>
            <Time iso={run.startedAt} relative />
          </dd>
          <dt>Ended</dt>
          <dd>
            <Time iso={run.endedAt} relative />
          </dd>
          <dt>Duration</dt>
          <dd>{formatDuration(run.durationMs)}</dd>
          {(run.nominalStartTime || run.nominalEndTime) && (
            <>
              <dt>Nominal</dt>
              <dd>
                <Time iso={run.nominalStartTime} /> to <Time iso={run.nominalEndTime} />
              </dd>
            </>
          )}
          <dt>Created</dt>
          <dd>
            <Time iso={run.createdAt} />
          </dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="run-io-title">
        <h2 id="run-io-title">Datasets read and written</h2>
        <div className="two-columns">
          <Versions title="Read" versions={run.inputDatasetVersions} />
          <Versions title="Written" versions={run.outputDatasetVersions} />
        </div>
      </section>
      {(children.data?.totalCount ?? 0) > 0 && (
        <section className="card" aria-labelledby="run-children-title">
          <h2 id="run-children-title">
            Child runs <span className="count">{formatTotal(children.data!.totalCount)}</span>
          </h2>
          <RunTable runs={children.data!.runs} withJob />
        </section>
      )}
      {children.isError && <SectionNote error={children.error} />}
      <section className="card" aria-labelledby="run-events-title">
        <h2 id="run-events-title">
          Events <span className="count">{events.data ? formatTotal(events.data.totalCount) : '…'}</span>
        </h2>
        {events.isError ? (
          <SectionNote error={events.error} />
        ) : events.data && events.data.events.length > 0 ? (
          <EventTable events={events.data.events} />
        ) : (
          <p className="muted">{events.isPending ? 'Loading the events…' : 'No events.'}</p>
        )}
      </section>
      <section className="card" aria-labelledby="run-facets-title">
        <h2 id="run-facets-title">
          Facets <span className="count">{facets.length}</span>
        </h2>
        {facets.length === 0 ? (
          <p className="muted">This run carries no facets.</p>
        ) : (
          facets.map(([name, value]) => (
            <details key={name} className="facet">
              <summary>
                <span className="mono">{name}</span>
              </summary>
              <JsonView value={value} label={`Run facet ${name}`} />
            </details>
          ))
        )}
      </section>
    </>
  );
}

function Versions({ title, versions }: { title: string; versions: RunDatasetVersion[] }) {
  return (
    <div>
      <h3>
        {title} <span className="count">{versions.length}</span>
      </h3>
      {versions.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="plain" aria-label={`Dataset versions ${title.toLowerCase()}`}>
          {versions.map(({ datasetVersionId: v }) => (
            <li key={`${v.namespace}:${v.name}`}>
              <DatasetLink namespace={v.namespace} name={v.name} /> <span className="muted small mono">{v.namespace}</span>{' '}
              {v.version ? (
                <span className="muted small mono" title={v.version}>
                  version {v.version.slice(0, 8)}
                </span>
              ) : (
                <span className="muted small">no schema</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
