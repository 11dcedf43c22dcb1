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

export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : absolute.format(date);
}

/** 8216 -> "8.2 s", 252000 -> "4 min 12 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const whole = new Intl.NumberFormat('en-US');

/** A list total counted up to `cap`: "1,234", or "10,000+" at the cap. */
export function formatTotal(count: number, cap = 10000): string {
  return count >= cap ? `${whole.format(cap)}+` : whole.format(count);
}

/**
 * A long name cut in the middle, keeping its distinguishing end: `DEMO_DB.public.jaffle_shop.customers`
 * at 24 characters is `DEMO_DB.public…customers`. The end gets two thirds of the room, and starts
 * after a part boundary (. / :) when one falls in its first half; the start gets the rest.
 */
export function middleEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - 1;
  let tailLength = Math.ceil((room * 2) / 3);
  const tail = text.slice(text.length - tailLength);
  const boundary = tail.search(/[./:][^./:]/);
  if (boundary > 0 && boundary < tailLength / 2) tailLength -= boundary + 1;
  const headLength = room - tailLength;
  return `${text.slice(0, headLength)}…${text.slice(text.length - tailLength)}`;
}
