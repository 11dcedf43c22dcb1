import { Link } from '@tanstack/react-router';
import { datasetId } from '../links';
import { Breakable } from './text';

export function JobLink({ namespace, name }: { namespace: string; name: string }) {
  return (
    <Link to="/job" search={{ namespace, name }} className="mono">
      <Breakable text={name} />
    </Link>
  );
}

export function DatasetLink({ namespace, name }: { namespace: string; name: string }) {
  return (
    <Link to="/datasets/$id" params={{ id: datasetId(namespace, name) }} className="mono">
      <Breakable text={name} />
    </Link>
  );
}
