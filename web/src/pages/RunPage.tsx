import { useQuery } from '@tanstack/react-query';
import type { Run, RunDatasetVersion } from '../api/types';
import { runQuery } from '../api/queries';
import { formatDuration } from '../components/format';
import { DatasetLink, JobLink } from '../components/JobLink';
import { JsonView } from '../components/JsonView';
import { usePageHeading } from '../components/page-heading';
import { isMissing, Problem } from '../components/Problem';
import { Spinner, StateBadge, Time } from '../components/text';

/** One run: its state and times, its facets, and the dataset versions it read and wrote. */
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

function RunBody({ run }: { run: Run }) {
  const facets = Object.entries(run.facets ?? {});
  return (
    <>
      <section className="card" aria-labelledby="run-about-title">
        <h2 id="run-about-title">State and times</h2>
        <dl className="identity">
          <dt>State</dt>
          <dd>
            <StateBadge state={run.state} />
          </dd>
          {run.jobVersion && (
            <>
              <dt>Job</dt>
              <dd>
                <JobLink namespace={run.jobVersion.namespace} name={run.jobVersion.name} /> <span className="muted small mono">{run.jobVersion.namespace}</span>
              </dd>
            </>
          )}
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
        <h2 id="run-io-title">Dataset versions</h2>
        <div className="two-columns">
          <Versions title="Read" versions={run.inputDatasetVersions} />
          <Versions title="Written" versions={run.outputDatasetVersions} />
        </div>
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
            <li key={`${v.namespace}:${v.name}:${v.version}`}>
              <DatasetLink namespace={v.namespace} name={v.name} />{' '}
              {v.version ? <span className="muted small mono" title={v.version}>version {v.version.slice(0, 8)}</span> : <span className="muted small">no schema</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
