// How large each lineage read's graph is, and the latency tail by graph size: whether a kind's
// p99 is the store's cost per read or the size of the graphs the slowest requests asked for.
// Sizes are read once per target before the phases (the requests double as warm-up).
import { quantile } from './readers.mjs';

/** Node counts of bands reported: a graph falls in the first band whose bound holds it. */
const BANDS = [100, 500, Infinity];

/** kind key -> node count per target index, for the kinds whose answer is a graph (queries.mjs). */
export async function graphSizes(baseUrl, kinds, targets) {
  const sizes = {};
  for (const kind of kinds.filter((k) => k.graph)) {
    sizes[kind.key] = [];
    for (const [i, target] of targets.entries()) {
      const res = await fetch(new URL(kind.url(target, i), baseUrl));
      if (!res.ok) throw new Error(`${kind.key}: ${res.url} answered ${res.status}`);
      sizes[kind.key].push((await res.json()).graph.length);
    }
  }
  return sizes;
}

/**
 * One kind's requests by the size of their graph: the sizes of all of them and of the slowest 1 %,
 * and per band the request count and p99 (ms).
 */
export function latencyBySize({ latencies, targetIndex }, nodesPerTarget) {
  const requests = latencies.map((ms, i) => ({ ms, nodes: nodesPerTarget[targetIndex[i]] })).sort((a, b) => a.ms - b.ms);
  const nodes = requests.map((r) => r.nodes).sort((a, b) => a - b);
  const slowest = requests.slice(-Math.ceil(requests.length / 100)).map((r) => r.nodes).sort((a, b) => a - b);
  let from = 0;
  const bands = BANDS.map((upTo) => {
    const inBand = requests.filter((r) => r.nodes > from && r.nodes <= upTo);
    const band = { from: from + 1, upTo: upTo === Infinity ? null : upTo, requests: inBand.length, p99: inBand.length ? Number(quantile(inBand, 0.99).ms.toFixed(2)) : null };
    from = upTo;
    return band;
  });
  return {
    nodes: { p50: quantile(nodes, 0.5), p90: quantile(nodes, 0.9), max: nodes.at(-1) },
    slowest1pct: { min: slowest[0], median: quantile(slowest, 0.5) },
    bands,
  };
}
