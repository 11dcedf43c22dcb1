import { types } from 'pg';

const TIMESTAMPTZ_OID = 1184;
const FRACTION = /\.(\d{1,6})/;

/**
 * A Date that keeps the microseconds PostgreSQL stores: `toISOString()` (so JSON) prints six
 * fraction digits when there are microseconds beyond the milliseconds (three otherwise, as a
 * plain Date does), and comparisons (`<`, `>`) order by them. A plain Date keeps milliseconds,
 * which made read-model times lose what the log holds.
 */
export class PreciseDate extends Date {
  constructor(
    milliseconds: number,
    /** 0-999: the microseconds beyond the milliseconds. */
    readonly extraMicroseconds: number,
  ) {
    super(milliseconds);
  }

  override toISOString(): string {
    if (this.extraMicroseconds === 0) return super.toISOString();
    return super.toISOString().replace(/(\.\d{3})Z$/, `$1${String(this.extraMicroseconds).padStart(3, '0')}Z`);
  }

  override valueOf(): number {
    return super.getTime() + this.extraMicroseconds / 1000;
  }
}

const parseTimestamptz = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date | number;

function parsePrecise(text: string): Date | number {
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
