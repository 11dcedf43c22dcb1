import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { Job, Run } from '../api/types';
import { jobQuery, runJobFacetsQuery, runsQuery } from '../api/queries';
import { formatDuration, formatTotal, plural } from '../components/format';
import { DatasetLink, JobLink } from '../components/JobLink';
import { FilterSelect } from '../components/FilterBar';
import { OffsetPager } from '../components/Pager';
import { RUN_STATE_OPTIONS } from './JobsPage';
import { RunTable } from './RunsPage';
import { usePageHeading } from '../components/page-heading';
import { isMissing, Problem, SectionNote } from '../components/Problem';
import { Sparkline } from '../components/Sparkline';
import { SqlView } from '../components/SqlView';
import { trimSql } from '../components/sql-text';
import { Breakable, Spinner, Time } from '../components/text';
import { jobNodeId } from '../links';

const RUNS_SHOWN = 20;

/** One job: what it is, its SQL, its latest runs and the datasets it reads and writes. */
export function JobPage({ namespace, name }: { namespace: string; name: string }) {
  const job = useQuery({ ...jobQuery(namespace, name), enabled: Boolean(namespace && name) });
  const missing = !namespace || !name || (job.isError && isMissing(job.error));
  const heading = usePageHeading(missing ? 'Job not found' : name);
  return (
    <div className="page job-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {missing ? (
            'Job not found'
          ) : (
            <span className="mono">
              <Breakable text={name} />
            </span>
          )}
        </h1>
        {!missing && <p className="lead mono">{namespace}</p>}
      </div>
      <p className="status" role="status" aria-live="polite">
        {job.isFetching && (
          <>
            <Spinner />
            Loading the job…
          </>
        )}
      </p>
      {job.isError && <Problem title={missing ? 'No such job' : 'Could not load the job'} error={job.error} retry={missing ? undefined : () => void job.refetch()} />}
      {job.data && <JobBody job={job.data} />}
    </div>
  );
}

function JobBody({ job }: { job: Job }) {
  return (
    <>
      <p>
        <Link className="button secondary" to="/lineage" search={{ nodeId: jobNodeId(job.namespace, job.name) }}>
          Lineage graph
        </Link>
      </p>
      <section className="card" aria-labelledby="job-about-title">
        <h2 id="job-about-title">About</h2>
        <dl className="identity">
          <dt>Type</dt>
          <dd>{job.processingType ?? job.type}</dd>
          <JobTypeFacet job={job} />
          <dt>Namespace</dt>
          <dd className="mono">{job.namespace}</dd>
          {job.parentJob && (
            <>
              <dt>Parent job</dt>
              <dd>
                <JobLink namespace={job.parentJob.namespace} name={job.parentJob.name} />
                {job.parentJob.namespace !== job.namespace && <span className="muted small mono"> {job.parentJob.namespace}</span>}
              </dd>
            </>
          )}
          <dt>Description</dt>
          <dd>{job.description ?? <span className="muted">none</span>}</dd>
          <dt>Source</dt>
          <dd className="mono small">{job.location ?? <span className="muted">none</span>}</dd>
          <dt>Created</dt>
          <dd>
            <Time iso={job.createdAt} relative />
          </dd>
          <dt>Updated</dt>
          <dd>
            <Time iso={job.updatedAt} relative />
          </dd>
          {job.tags && job.tags.length > 0 && (
            <>
              <dt>Tags</dt>
              <dd>
                {job.tags.map((t) => (
                  <span key={t} className="tag">
                    {t}
                  </span>
                ))}
              </dd>
            </>
          )}
        </dl>
      </section>
      <SqlSection job={job} />
      <RunsSection job={job} />
      <section className="card" aria-labelledby="job-io-title">
        <h2 id="job-io-title">Inputs and outputs</h2>
        <div className="two-columns">
          <DatasetList title="Reads" datasets={job.inputs} empty="No input datasets." />
          <DatasetList title="Writes" datasets={job.outputs} empty="No output datasets." />
        </div>
      </section>
    </>
  );
}

function DatasetList({ title, datasets, empty }: { title: string; datasets: { namespace: string; name: string }[]; empty: string }) {
  return (
    <div>
      <h3>
        {title} <span className="count">{datasets.length}</span>
      </h3>
      {datasets.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="plain datasets-io" aria-label={title}>
          {datasets.map((d) => (
            <li key={`${d.namespace}:${d.name}`}>
              <DatasetLink namespace={d.namespace} name={d.name} /> <span className="muted small mono">{d.namespace}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The job type facet's integration and job type (e.g. DBT and MODEL), when the job sent one. */
function JobTypeFacet({ job }: { job: Job }) {
  return (
    <>
      {job.integration && (
        <>
          <dt>Integration</dt>
          <dd>{job.integration}</dd>
        </>
      )}
      {job.jobType && (
        <>
          <dt>Job type</dt>
          <dd>{job.jobType}</dd>
        </>
      )}
    </>
  );
}

/** The SQL facet's query without the blank lines and indentation producers wrap it in. */
function sqlOf(facets: Record<string, unknown> | undefined): string | null {
  const sql = facets?.sql as { query?: unknown } | undefined;
  return typeof sql?.query === 'string' ? trimSql(sql.query) : null;
}


/** The job's SQL facet; Marquez keeps job facets per run, so fall back to the latest run's. */
function SqlSection({ job }: { job: Job }) {
  const own = sqlOf(job.facets);
  const runId = job.latestRun?.id;
  const runFacets = useQuery({ ...runJobFacetsQuery(runId ?? ''), enabled: !own && Boolean(runId) });
  const sql = own ?? sqlOf(runFacets.data?.facets);
  return (
    <section className="card" aria-labelledby="job-sql-title">
      <h2 id="job-sql-title">SQL</h2>
      {sql ? (
        <SqlView sql={sql} label={`SQL of ${job.name}`} />
      ) : runFacets.isError ? (
        <SectionNote error={runFacets.error} />
      ) : runFacets.isFetching ? (
        <p className="muted">Loading the query…</p>
      ) : (
        <p className="muted">This job sent no SQL.</p>
      )}
    </section>
  );
}

function RunsSection({ job }: { job: Job }) {
  const [state, setState] = useState('');
  const [offset, setOffset] = useState(0);
  const runs = useQuery({ ...runsQuery({ state, offset, jobNamespace: job.namespace, jobName: job.name, limit: RUNS_SHOWN }), placeholderData: keepPreviousData });
  const list: Run[] = runs.data?.runs ?? [];
  const finished = list.filter((r) => r.durationMs !== null).reverse(); // oldest first for the trend
  return (
    <section className="card" aria-labelledby="job-runs-title">
      <div className="row spread">
        <h2 id="job-runs-title">
          Runs <span className="count">{runs.data ? formatTotal(runs.data.totalCount) : '…'}</span>
        </h2>
        <FilterSelect
          id="job-run-state"
          className="field inline"
          label="State"
          anyLabel="Any state"
          options={RUN_STATE_OPTIONS}
          value={state}
          onChange={(next) => {
            setState(next);
            setOffset(0);
          }}
        />
      </div>
      {runs.isPending ? (
        <p className="muted">Loading the runs…</p>
      ) : runs.isError ? (
        <SectionNote error={runs.error} />
      ) : list.length === 0 ? (
        <p className="muted">{state ? 'No run of this job is in this state.' : 'This job has not run yet.'}</p>
      ) : (
        <>
          {finished.length >= 2 && (
            <p className="row">
              <Sparkline values={finished.map((r) => r.durationMs ?? 0)} label={`Duration of the last ${finished.length} finished runs, oldest first`} />
              <span className="muted small">
                Duration trend of {plural(finished.length, 'finished run')}: from {formatDuration(finished[0].durationMs)} to {formatDuration(finished[finished.length - 1].durationMs)}.
              </span>
            </p>
          )}
          <RunTable runs={list} />
          <OffsetPager label="Pages of runs" offset={offset} shown={list.length} pageSize={RUNS_SHOWN} total={runs.data?.totalCount ?? 0} onOffset={setOffset} />
        </>
      )}
    </section>
  );
}
