// The scaling plot: p50 and p99 of each read against the number of datasets, log-log, with the
// targets as dashed lines. Plain SVG text: no plotting dependency.
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#17becf'];
const W = 460;
const H = 320;
const M = { left: 56, right: 12, top: 34, bottom: 44 };

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
const fmtSize = (n) => (n >= 1e6 ? `${n / 1e6}M` : n >= 1e3 ? `${n / 1e3}k` : String(n));

function panel(results, kinds, sizes, stat, x0, colorOf) {
  const values = kinds.flatMap((k) => sizes.map((s) => results.sizes[s]?.reads?.[k.key]?.[stat]).filter((v) => typeof v === 'number'));
  // The targets are on p99: drawn in that panel only.
  const targets = stat === 'p99' ? kinds.map((k) => k.target).filter(Boolean) : [];
  const lo = Math.max(0.1, Math.min(...values, ...targets) / 1.5);
  const hi = Math.max(...values, ...targets) * 1.5;
  const [xmin, xmax] = [Math.log10(Math.min(...sizes)) - 0.15, Math.log10(Math.max(...sizes)) + 0.15];
  const px = (size) => x0 + M.left + ((Math.log10(size) - xmin) / (xmax - xmin || 1)) * (W - M.left - M.right);
  const py = (ms) => M.top + (1 - (Math.log10(ms) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo))) * (H - M.top - M.bottom);
  const out = [`<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="bold">${stat} latency (ms, log scale)</text>`];
  for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v < lo || v > hi) continue;
      out.push(`<line x1="${x0 + M.left}" x2="${x0 + W - M.right}" y1="${py(v)}" y2="${py(v)}" stroke="#eee"/>`);
      out.push(`<text x="${x0 + M.left - 4}" y="${py(v) + 4}" text-anchor="end" font-size="10">${v}</text>`);
    }
  }
  for (const s of sizes) out.push(`<text x="${px(s)}" y="${H - M.bottom + 16}" text-anchor="middle" font-size="11">${fmtSize(s)}</text>`);
  out.push(`<text x="${x0 + W / 2}" y="${H - 8}" text-anchor="middle" font-size="11">datasets in the store</text>`);
  for (const t of [...new Set(targets)]) {
    out.push(`<line x1="${x0 + M.left}" x2="${x0 + W - M.right}" y1="${py(t)}" y2="${py(t)}" stroke="#999" stroke-dasharray="5,4"/>`);
    out.push(`<text x="${x0 + W - M.right - 2}" y="${py(t) - 3}" text-anchor="end" font-size="10" fill="#666">target ${t} ms</text>`);
  }
  kinds.forEach((k) => {
    const points = sizes.map((s) => [s, results.sizes[s]?.reads?.[k.key]?.[stat]]).filter(([, v]) => typeof v === 'number');
    if (!points.length) return;
    out.push(`<polyline fill="none" stroke="${colorOf(k)}" stroke-width="2" points="${points.map(([s, v]) => `${px(s)},${py(v)}`).join(' ')}"/>`);
    for (const [s, v] of points) out.push(`<circle cx="${px(s)}" cy="${py(v)}" r="3" fill="${colorOf(k)}"><title>${esc(k.label)}: ${v} ms at ${fmtSize(s)}</title></circle>`);
  });
  return out.join('\n');
}

/** Returns the SVG text; kinds not measured at any size are listed as not available. */
export function scalingSvg(results, kinds) {
  const sizes = Object.keys(results.sizes).map(Number).sort((a, b) => a - b);
  const measured = kinds.filter((k) => sizes.some((s) => typeof results.sizes[s]?.reads?.[k.key]?.p99 === 'number'));
  const missing = kinds.filter((k) => !measured.includes(k));
  const colorOf = (k) => COLORS[kinds.indexOf(k) % COLORS.length];
  const legendY = H + 24;
  const legend = measured.map((k, i) => {
    const x = 20 + (i % 3) * 300;
    const y = legendY + Math.floor(i / 3) * 18;
    return `<rect x="${x}" y="${y - 9}" width="14" height="4" fill="${colorOf(k)}"/><text x="${x + 20}" y="${y - 4}" font-size="12">${esc(k.label)}${k.target ? ` (target p99 ≤ ${k.target} ms)` : ''}</text>`;
  });
  const rows = Math.ceil(measured.length / 3);
  const notes = missing.length ? [`<text x="20" y="${legendY + rows * 18 + 6}" font-size="12" fill="#a00">not available in the measured build: ${esc(missing.map((k) => k.label).join(', '))}</text>`] : [];
  const height = legendY + rows * 18 + (missing.length ? 24 : 8);
  const body = measured.length
    ? [panel(results, measured, sizes, 'p50', 0, colorOf), panel(results, measured, sizes, 'p99', W, colorOf)].join('\n')
    : `<text x="20" y="40">no read was measured</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W}" height="${height}" viewBox="0 0 ${2 * W} ${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="white"/>
${body}
${legend.join('\n')}
${notes.join('\n')}
</svg>
`;
}
