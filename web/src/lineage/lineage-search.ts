import type { Direction } from '../api/queries';
import { stringParam } from '../search-params';

export type Level = 'table' | 'column';

export interface LineageSearch {
  nodeId?: string;
  depth?: number;
  direction?: Direction;
  level?: Level;
  /** ISO instant: the graph as its edges stood then. */
  asOf?: string;
  /** The node whose panel is open. */
  selected?: string;
  /** 'off': child jobs drawn on their own, not inside their parent job. */
  groups?: 'off';
}

export const DEFAULT_DEPTH = 2; // as Marquez's UI; the API's own default is 20
export const MAX_DEPTH = 20;

export function validateLineageSearch(search: Record<string, unknown>): LineageSearch {
  const depth = Number(stringParam(search.depth));
  const direction = stringParam(search.direction);
  const asOf = stringParam(search.asOf);
  return {
    nodeId: stringParam(search.nodeId),
    depth: Number.isInteger(depth) && depth >= 1 && depth <= MAX_DEPTH ? depth : undefined,
    direction: direction === 'upstream' || direction === 'downstream' || direction === 'both' ? direction : undefined,
    level: stringParam(search.level) === 'column' ? 'column' : undefined,
    asOf: asOf && !Number.isNaN(Date.parse(asOf)) ? asOf : undefined,
    selected: stringParam(search.selected),
    groups: stringParam(search.groups) === 'off' ? 'off' : undefined,
  };
}
