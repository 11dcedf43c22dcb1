import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { GraphBox } from './graph-model';
import { formatDuration } from '../components/format';
import { StateBadge, Time } from '../components/text';
import { datasetId, datasetNodeId } from '../links';

/** The side panel of the selected node: what it is, and where to go from it. */
export function NodePanel({ box, upstream, downstream, onExpand, onClose, children }: { box: GraphBox; upstream: number; downstream: number; onExpand: () => void; onClose: () => void; children?: ReactNode }) {
  const datasetName = box.kind === 'field' ? box.dataset : box.kind === 'dataset' ? box.name : undefined;
  const run = box.kind === 'job' ? box.data.latestRun : null;
  return (
    <aside className="node-panel card" aria-labelledby="node-panel-title">
      <div className="row spread">
        <h2 id="node-panel-title">
          <span className="muted small">{box.kind === 'field' ? 'Column' : box.kind === 'job' ? 'Job' : 'Dataset'}</span>{' '}
          <span className="mono">{box.name}</span>
        </h2>
        <button type="button" className="button small secondary" onClick={onClose}>
          Close<span className="visually-hidden"> the panel</span>
        </button>
      </div>
      <dl className="identity">
        <dt>Namespace</dt>
        <dd className="mono">{box.namespace}</dd>
        {box.kind === 'field' && (
          <>
            <dt>Dataset</dt>
            <dd className="mono">{box.dataset}</dd>
            <dt>Type</dt>
            <dd className="mono">{box.data.fieldType || '—'}</dd>
          </>
        )}
        {box.kind !== 'field' && (
          <>
            <dt>Type</dt>
            <dd>{box.data.type}</dd>
          </>
        )}
        <dt>Upstream</dt>
        <dd>{upstream} in this graph</dd>
        <dt>Downstream</dt>
        <dd>{downstream} in this graph</dd>
        {run && (
          <>
            <dt>Latest run</dt>
            <dd>
              <StateBadge state={run.state} /> <Time iso={run.startedAt ?? run.createdAt} /> {formatDuration(run.durationMs)}
            </dd>
          </>
        )}
      </dl>
      {children}
      {box.kind === 'dataset' && box.data.fields.length > 0 && (
        <>
          <h3>Fields</h3>
          <ul className="plain mono small">
            {box.data.fields.map((f) => (
              <li key={f.name}>
                {f.name} <span className="muted">{f.type ?? ''}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="row">
        <button type="button" className="button small" onClick={onExpand}>
          Center the graph here
        </button>
        {box.kind === 'job' && (
          <Link className="button small secondary" to="/job" search={{ namespace: box.namespace, name: box.name }}>
            Open the job page
          </Link>
        )}
        {datasetName && (
          <Link className="button small secondary" to="/datasets/$id" params={{ id: datasetId(box.namespace, datasetName) }}>
            Open the dataset page
          </Link>
        )}
        {box.kind === 'field' && datasetName && (
          <Link className="button small secondary" to="/lineage" search={{ nodeId: datasetNodeId(box.namespace, datasetName) }}>
            Table lineage
          </Link>
        )}
      </div>
    </aside>
  );
}
