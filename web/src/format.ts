import { h } from './dom';

const absolute = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relative.format(Math.round(seconds / size), unit);
  }
  return '';
}

/** A <time> with the local date and time; the exact ISO instant is in datetime and title. */
export function timeEl(iso: string | null | undefined, options: { relative?: boolean } = {}): HTMLElement {
  if (!iso) return h('span', { class: 'muted' }, '—');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return h('span', {}, iso);
  const text = absolute.format(date);
  return h(
    'time',
    { datetime: iso, title: iso },
    text,
    options.relative ? h('span', { class: 'muted rel' }, ` (${relativeTime(iso)})`) : null,
  );
}

export function shortId(id: string | null | undefined): string {
  if (!id) return '—';
  return id.length > 13 ? `${id.slice(0, 8)}…` : id;
}

/** Text with line-break opportunities after . _ / : so long identifiers wrap at their parts. */
export function breakable(text: string): Node[] {
  const nodes: Node[] = [];
  for (const part of text.split(/(?<=[._/:])/)) {
    if (nodes.length > 0) nodes.push(document.createElement('wbr'));
    nodes.push(document.createTextNode(part));
  }
  return nodes;
}
