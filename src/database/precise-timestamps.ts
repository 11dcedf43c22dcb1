import { types } from 'pg';

const TIMESTAMPTZ_OID = 1184;
const FRACTION = /\.(\d{1,6})/;
/** PostgreSQL's text for a timestamptz of years 0-9999 AD, in a time zone of whole minutes. */
const TIMESTAMPTZ_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?([+-]\d\d)(?::(\d\d))?$/;

/**
 * A Date that keeps the microseconds PostgreSQL stores: `toISOString()` (so JSON) prints six
 * fraction digits when there are microseconds beyond the milliseconds (three otherwise, as a
 * plain Date does), and comparisons (`<`, `>`) order by them. A plain Date keeps milliseconds,
 * which made read-model times lose what the log holds. As a query parameter pass its
 * `toISOString()`: pg sends a Date parameter to the millisecond.
 */
export class PreciseDate extends Date {
  /** The ISO text, and the time it is the text of (a Date can be set to another time). */
  private iso: string | undefined;
  private isoOf: number;

  constructor(
    milliseconds: number,
    /** 0-999: the microseconds beyond the milliseconds. */
    readonly extraMicroseconds: number,
    /** Its ISO text, when the caller already has it. */
    iso?: string,
  ) {
    super(milliseconds);
    this.iso = iso;
    this.isoOf = milliseconds;
  }

  override toISOString(): string {
    // A lineage response formats thousands of these: the text is made once, or kept from the parse.
    if (this.iso !== undefined && this.isoOf === super.getTime()) return this.iso;
    const iso = super.toISOString();
    this.iso = this.extraMicroseconds === 0 ? iso : iso.replace(/(\.\d{3})Z$/, `$1${String(this.extraMicroseconds).padStart(3, '0')}Z`);
    this.isoOf = super.getTime();
    return this.iso;
  }

  override valueOf(): number {
    return super.getTime() + this.extraMicroseconds / 1000;
  }
}

const ISO_FRACTION = /\.(\d+)/;
/** Time text that says its offset from UTC: `Z`, `+05`, `+0530` or `+05:30`. */
export const ENDS_WITH_UTC_OFFSET = /(Z|[+-]\d{2}(:?\d{2})?)$/;
const HOURS_ONLY_OFFSET = /(T[\d:.]+[+-]\d{2})$/;

/**
 * A time a client gave as ISO 8601 text (a bound of a query), to the microsecond PostgreSQL keeps:
 * `new Date(text)` would cut it to the millisecond, and a bound at an event's own time would then
 * let through the events received earlier in that millisecond. Digits beyond the microsecond are
 * dropped. Invalid text gives an invalid date, as `new Date` does.
 */
export function parseInstant(text: string): PreciseDate {
  const digits = ISO_FRACTION.exec(text)?.[1] ?? '';
  // ISO 8601 allows an offset of hours alone (+05); Date.parse reads it only with its minutes.
  const withMinutes = text.replace(HOURS_ONLY_OFFSET, '$1:00');
  const milliseconds = Date.parse(withMinutes.replace(ISO_FRACTION, `.${digits.slice(0, 3).padEnd(3, '0')}`));
  return new PreciseDate(milliseconds, Number(digits.slice(3, 6).padEnd(3, '0')));
}

const parseTimestamptz = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number;

function parsePrecise(text: string): Date | number {
  const match = TIMESTAMPTZ_TEXT.exec(text);
  if (match) {
    // pg's parser builds the Date field by field; ISO text parses natively, which is faster. In a
    // UTC session (the usual server setting) the ISO text toISOString() needs is at hand too.
    const [, date, time, digits = '', hours, minutes = '00'] = match;
    const fraction = digits.padEnd(6, '0');
    const extra = Number(fraction.slice(3));
    const milliseconds = `${date}T${time}.${fraction.slice(0, 3)}`;
    if (hours === '+00' && minutes === '00') {
      return new PreciseDate(Date.parse(`${milliseconds}Z`), extra, extra === 0 ? `${milliseconds}Z` : `${date}T${time}.${fraction}Z`);
    }
    return new PreciseDate(Date.parse(`${milliseconds}${hours}:${minutes}`), extra);
  }
  const parsed = parseTimestamptz(text);
  if (!(parsed instanceof Date) || Number.isNaN(parsed.getTime())) return parsed; // infinity
  const fraction = FRACTION.exec(text)?.[1] ?? '';
  return new PreciseDate(parsed.getTime(), Number(fraction.padEnd(6, '0').slice(3)));
}

/** The `types` option of a pg pool: timestamptz values become PreciseDates. */
export const PRECISE_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === TIMESTAMPTZ_OID && format !== 'binary') return parsePrecise;
    return types.getTypeParser(oid, format as 'text');
  },
};
