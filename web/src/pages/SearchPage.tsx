import { useQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { searchQuery } from '../api/queries';
import { plural } from '../components/format';
import { DatasetLink, JobLink } from '../components/JobLink';
import { usePageHeading } from '../components/page-heading';
import { Problem } from '../components/Problem';
import { Spinner, Time } from '../components/text';

const RESULTS = 100;

/** Jobs and datasets whose name contains the text typed in the top bar. */
export function SearchPage() {
  const { q = '' } = useSearch({ from: '/search' });
  const heading = usePageHeading(q ? `Search: ${q}` : 'Search');
  const results = useQuery({ ...searchQuery(q, RESULTS), enabled: q !== '' });
  const list = results.data?.results ?? [];
  return (
    <div className="page search-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          {q ? `Jobs and datasets matching “${q}”` : 'Search'}
        </h1>
      </div>
      <p className="status" role="status" aria-live="polite">
        {!q ? (
          'Type part of a name in the box at the top and press Enter.'
        ) : results.isFetching ? (
          <>
            <Spinner />
            Searching…
          </>
        ) : results.isError ? (
          'The search failed.'
        ) : (
          `${plural(list.length, 'result')}${list.length >= RESULTS ? ' (the first ' + RESULTS + ')' : ''}.`
        )}
      </p>
      {results.isError && <Problem title="The search failed" error={results.error} retry={() => void results.refetch()} />}
      {list.length > 0 && (
        <div className="table-wrap">
          <table className="data search-results">
            <caption className="visually-hidden">Jobs and datasets matching the search</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Namespace</th>
                <th scope="col">Updated</th>
                <th scope="col">Lineage</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.nodeId}>
                  <td>
                    <span className={`badge kind-${r.type.toLowerCase()}`}>{r.type === 'JOB' ? 'job' : 'dataset'}</span>
                  </td>
                  <th scope="row" className="name">
                    {r.type === 'JOB' ? <JobLink namespace={r.namespace} name={r.name} /> : <DatasetLink namespace={r.namespace} name={r.name} />}
                  </th>
                  <td className="mono ns">{r.namespace}</td>
                  <td className="nowrap">
                    <Time iso={r.updatedAt} />
                  </td>
                  <td>
                    <Link to="/lineage" search={{ nodeId: r.nodeId }}>
                      Graph<span className="visually-hidden"> of {r.name}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
