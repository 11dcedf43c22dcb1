import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { namespaceCountsQuery } from '../api/queries';
import { formatTotal } from '../components/format';
import { ListStatus } from '../components/ListStatus';
import { usePageHeading } from '../components/page-heading';
import { OffsetPager } from '../components/Pager';
import { Problem } from '../components/Problem';
import { Breakable, Time } from '../components/text';

const PAGE = 100;

export function validateNamespacesSearch(search: Record<string, unknown>): { offset?: number } {
  const offset = Number(search.offset);
  return { offset: offset > 0 ? Math.floor(offset) : undefined };
}

/** Every namespace with how many jobs and datasets it holds, each count a link to that list. */
export function NamespacesPage() {
  const { offset = 0 } = useSearch({ from: '/namespaces' });
  const navigate = useNavigate();
  const heading = usePageHeading('Namespaces');
  const list = useQuery({ ...namespaceCountsQuery(offset), placeholderData: keepPreviousData });
  const rows = list.data?.namespaces ?? [];
  return (
    <div className="page namespaces-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Namespaces
        </h1>
        <p className="lead">Where jobs run and datasets live, by name.</p>
      </div>
      <ListStatus loading={list.isFetching} failed={list.isError}>
        {list.data && `${formatTotal(list.data.totalCount)} ${list.data.totalCount === 1 ? 'namespace' : 'namespaces'}.`}
      </ListStatus>
      {list.isError ? (
        <Problem title="Could not load namespaces" error={list.error} retry={() => void list.refetch()} />
      ) : (
        rows.length > 0 && (
          <div className="table-wrap">
            <table className="data namespaces">
              <caption className="visually-hidden">Namespaces by name, with their job and dataset counts</caption>
              <thead>
                <tr>
                  <th scope="col">Namespace</th>
                  <th scope="col" className="num">Jobs</th>
                  <th scope="col" className="num">Datasets</th>
                  <th scope="col">First seen</th>
                  <th scope="col">Last seen</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((n) => (
                  <tr key={n.name}>
                    <th scope="row" className="mono name">
                      <Breakable text={n.name} />
                    </th>
                    <td className="num">
                      {n.jobs > 0 ? (
                        <Link to="/jobs" search={{ namespace: n.name }} aria-label={`${formatTotal(n.jobs)} jobs in ${n.name}`}>
                          {formatTotal(n.jobs)}
                        </Link>
                      ) : (
                        <span className="muted">0</span>
                      )}
                    </td>
                    <td className="num">
                      {n.datasets > 0 ? (
                        <Link to="/" search={{ namespace: n.name }} aria-label={`${formatTotal(n.datasets)} datasets in ${n.name}`}>
                          {formatTotal(n.datasets)}
                        </Link>
                      ) : (
                        <span className="muted">0</span>
                      )}
                    </td>
                    <td className="nowrap">
                      <Time iso={n.createdAt} />
                    </td>
                    <td className="nowrap">
                      <Time iso={n.updatedAt} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
      {list.data && <OffsetPager label="Pages of namespaces" offset={offset} shown={rows.length} pageSize={PAGE} total={list.data.totalCount} onOffset={(next) => void navigate({ to: '/namespaces', search: { offset: next || undefined } })} />}
    </div>
  );
}
