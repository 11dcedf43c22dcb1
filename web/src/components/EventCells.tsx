import { Link } from '@tanstack/react-router';
import { JobLink } from './JobLink';
import { Breakable } from './text';

/** An event's job in a table: a link with its namespace below, or a dash for a dataset event. */
export function JobCell({ namespace, name }: { namespace?: string | null; name?: string | null }) {
  return (
    <td className="job">
      {name ? (
        <>
          {namespace ? <JobLink namespace={namespace} name={name} /> : <span className="mono">{name}</span>}
          {namespace && (
            <div className="muted small mono">
              <Breakable text={namespace} />
            </div>
          )}
        </>
      ) : (
        <span className="muted">—</span>
      )}
    </td>
  );
}

/** An event's run in a table: a link to the run page, or a dash. */
export function RunCell({ runId }: { runId?: string | null }) {
  return (
    <td className="mono small run">
      {runId ? (
        <Link to="/runs/$runId" params={{ runId }}>
          {runId}
        </Link>
      ) : (
        <span className="muted">—</span>
      )}
    </td>
  );
}
