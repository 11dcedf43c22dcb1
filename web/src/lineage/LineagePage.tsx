import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { columnLineageQuery, lineageQuery, type Direction } from '../api/queries';
import { plural } from '../components/format';
import { usePageHeading } from '../components/page-heading';
import { Problem } from '../components/Problem';
import { Spinner } from '../components/text';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { downstreamOf, graphModel, MAX_DRAWN, type GraphBox } from './graph-model';
import { DEFAULT_DEPTH, MAX_DEPTH, type LineageSearch } from './lineage-search';
import { datasetNodeId } from '../links';
import { ColumnGraphView } from './ColumnGraphView';
import { GraphView } from './GraphView';

/** The directed graph around one node, table or column level, now or as of an earlier time. */
export function LineagePage() {
  const search = useSearch({ from: '/lineage' });
  const navigate = useNavigate();
  const nodeId = search.nodeId ?? '';
  const depth = search.depth ?? DEFAULT_DEPTH;
  const direction = search.direction ?? 'both';
  const level = search.level ?? 'table';
  const set = (change: Partial<LineageSearch>, replace = false) =>
    void navigate({ to: '/lineage', search: (prev: LineageSearch) => ({ ...prev, ...change }), replace });

  const params = { nodeId, depth, direction, asOf: search.asOf };
  const query = useQuery({ ...(level === 'column' ? columnLineageQuery(params) : lineageQuery(params)), enabled: nodeId !== '' });
  const model = useMemo(() => {
    if (!query.data) return null;
    const whole = graphModel(query.data, nodeId);
    return level === 'column' && direction === 'downstream' ? downstreamOf(whole, (box) => isFocus(box, nodeId)) : whole;
  }, [query.data, nodeId, level, direction]);
  const focusBox = model?.boxes.find((box) => isFocus(box, nodeId));
  const focusName = !focusBox ? nodeId : focusBox.kind === 'field' && focusBox.id !== nodeId ? focusBox.dataset : focusBox.name;
  const heading = usePageHeading(nodeId ? `Lineage of ${focusName}` : 'Lineage');

  return (
    <div className="page lineage-page">
      <div className="page-head">
        <h1 ref={heading} tabIndex={-1}>
          Lineage{nodeId && <span className="mono">{` of ${focusName}`}</span>}
        </h1>
        <p className="lead">Datasets and the jobs that read and write them, following the direction of the data.</p>
      </div>
      <LineageControls search={search} depth={depth} direction={direction} level={level} onChange={set} />
      {!nodeId ? (
        <p>
          Choose a dataset or a job to start from: open it from the <Link to="/">datasets list</Link> or find it with the search at the top.
        </p>
      ) : (
        <>
          <p className="status" role="status" aria-live="polite">
            {query.isFetching ? (
              <>
                <Spinner />
                Loading the graph…
              </>
            ) : query.isError ? (
              'Could not load the graph.'
            ) : model ? (
              `${plural(model.boxes.length, 'node')} and ${plural(model.arrows.length, 'edge')}${search.asOf ? `, as of ${search.asOf}` : ''}.`
            ) : (
              ''
            )}
          </p>
          {model && (model.cutByServer || model.cutByPage) && (
            <p className="warning" role="note">
              {model.cutByPage
                ? `This graph has ${model.cutByPage} nodes; the ${MAX_DRAWN} nearest to the start are drawn.`
                : 'The store cut this graph at its node limit: nodes further away are not shown.'}{' '}
              Lower the depth or pick one direction to see all of a smaller graph.
            </p>
          )}
          {query.isError ? (
            <Problem title="Could not load the graph" error={query.error} retry={() => void query.refetch()} />
          ) : model && query.data && level === 'column' ? (
            <ColumnGraphView
              model={model}
              graph={query.data}
              isFocusTable={(tableId) => model.boxes.some((box) => box.kind === 'field' && isFocus(box, nodeId) && datasetNodeId(box.namespace, box.dataset) === tableId)}
              selected={search.selected}
              onSelect={(selected) => set({ selected }, true)}
              onExpand={(id) => set({ nodeId: id, selected: undefined })}
            />
          ) : (
            model && (
              <GraphView
                model={model}
                grouped={search.groups !== 'off'}
                isFocus={(box) => isFocus(box, nodeId)}
                selected={search.selected}
                onSelect={(selected) => set({ selected }, true)}
                onExpand={(id) => set({ nodeId: id, selected: undefined })}
              />
            )
          )}
        </>
      )}
    </div>
  );
}

/** The start node; at column level from a dataset, that dataset's fields. */
function isFocus(box: GraphBox, nodeId: string): boolean {
  return box.id === nodeId || (box.kind === 'field' && datasetNodeId(box.namespace, box.dataset) === nodeId);
}

function LineageControls(props: { search: LineageSearch; depth: number; direction: Direction; level: 'table' | 'column'; onChange: (change: Partial<LineageSearch>) => void }) {
  const { search, depth, direction, level, onChange } = props;
  const [asOfText, setAsOfText] = useState(toLocalInput(search.asOf));
  useEffect(() => setAsOfText(toLocalInput(search.asOf)), [search.asOf]);
  return (
    <form
      className="filters lineage-controls"
      aria-label="Graph settings"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ asOf: fromLocalInput(asOfText) });
      }}
    >
      <div className="field">
        <label htmlFor="lineage-depth">Depth</label>
        <select id="lineage-depth" value={depth} onChange={(event) => onChange({ depth: Number(event.target.value) })}>
          {Array.from({ length: MAX_DEPTH }, (_, i) => i + 1).map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="lineage-direction">Direction</label>
        <select id="lineage-direction" value={direction} onChange={(event) => onChange({ direction: event.target.value as Direction })}>
          <option value="both">Both ways</option>
          <option value="upstream">Upstream (where it comes from)</option>
          <option value="downstream">Downstream (what it feeds)</option>
        </select>
      </div>
      <fieldset className="field segmented">
        <legend>Level</legend>
        {(['table', 'column'] as const).map((l) => (
          <label key={l}>
            <input type="radio" name="lineage-level" value={l} checked={level === l} onChange={() => onChange({ level: l === 'table' ? undefined : l, selected: undefined })} />
            {l === 'table' ? 'Tables' : 'Columns'}
          </label>
        ))}
      </fieldset>
      {level === 'table' && (
        <div className="field checkbox">
          <input id="lineage-groups" type="checkbox" checked={search.groups !== 'off'} onChange={(event) => onChange({ groups: event.target.checked ? undefined : 'off' })} />
          <label htmlFor="lineage-groups">Group child jobs under their parent</label>
        </div>
      )}
      <div className="field">
        <label htmlFor="lineage-as-of">As of (UTC)</label>
        <input id="lineage-as-of" type="datetime-local" step="1" value={asOfText} onChange={(event) => setAsOfText(event.target.value)} />
      </div>
      <div className="filter-actions">
        <button type="submit" className="button secondary">
          Show as of
        </button>
        <button type="button" className="button secondary" hidden={!search.asOf} onClick={() => onChange({ asOf: undefined })}>
          Now
        </button>
      </div>
    </form>
  );
}

/** datetime-local works in wall-clock time without a zone; the page reads and writes it as UTC. */
function toLocalInput(iso: string | undefined): string {
  return iso ? new Date(iso).toISOString().slice(0, 19) : '';
}

function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(`${value}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
