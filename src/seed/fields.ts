import { Prng } from './prng';

export type TypeClass = 'id' | 'text' | 'money' | 'number' | 'time' | 'date' | 'flag';

const BASE: Array<[string, TypeClass]> = [
  ['id', 'id'], ['customer_id', 'id'], ['order_id', 'id'], ['product_id', 'id'], ['account_id', 'id'],
  ['session_id', 'text'], ['campaign_id', 'id'], ['store_id', 'id'], ['supplier_id', 'id'], ['user_id', 'id'],
  ['invoice_id', 'id'], ['shipment_id', 'id'], ['device_id', 'text'], ['region_id', 'id'], ['employee_id', 'id'],
  ['name', 'text'], ['email', 'text'], ['country', 'text'], ['city', 'text'], ['status', 'text'],
  ['category', 'text'], ['channel', 'text'], ['currency', 'text'], ['segment', 'text'], ['sku', 'text'],
  ['comment', 'text'], ['payment_method', 'text'], ['carrier', 'text'], ['browser', 'text'], ['language', 'text'],
  ['amount', 'money'], ['price', 'money'], ['cost', 'money'], ['discount', 'money'], ['tax', 'money'],
  ['revenue', 'money'], ['margin', 'money'], ['balance', 'money'], ['fee', 'money'], ['refund', 'money'],
  ['quantity', 'number'], ['weight', 'number'], ['score', 'number'], ['clicks', 'number'], ['impressions', 'number'],
  ['duration_ms', 'number'], ['rank', 'number'], ['visits', 'number'], ['stock', 'number'], ['rating', 'number'],
  ['created_at', 'time'], ['updated_at', 'time'], ['event_time', 'time'], ['shipped_at', 'time'], ['paid_at', 'time'],
  ['order_date', 'date'], ['signup_date', 'date'], ['ds', 'date'], ['valid_from', 'date'], ['valid_to', 'date'],
  ['is_active', 'flag'], ['is_deleted', 'flag'], ['is_test', 'flag'], ['has_consent', 'flag'], ['is_fraud', 'flag'],
];
const AGGREGATES = ['total', 'avg', 'max'];
const MEASURES = BASE.filter(([, t]) => t === 'money' || t === 'number').map(([n]) => n);

/** Every field name the generator uses, with its type class; a field is an index into it. */
export const VOCABULARY: Array<{ name: string; type: TypeClass; aggregateOf: number | null }> = [
  ...BASE.map(([name, type]) => ({ name, type, aggregateOf: null })),
  ...AGGREGATES.flatMap((agg) =>
    MEASURES.map((m) => ({ name: `${agg}_${m}`, type: (agg === 'avg' ? 'number' : 'money') as TypeClass, aggregateOf: BASE.findIndex(([n]) => n === m) })),
  ),
  { name: 'row_count', type: 'number', aggregateOf: null },
];
const ROW_COUNT = VOCABULARY.length - 1;
const BASE_COUNT = BASE.length;

/** Every dataset's field list, packed in one array so a million datasets stay small. */
export class FieldPool {
  private data = new Uint16Array(1 << 20);
  private length = 0;
  private readonly start: Int32Array;
  private readonly end: Int32Array;

  constructor(datasets: number) {
    this.start = new Int32Array(datasets);
    this.end = new Int32Array(datasets);
  }

  set(dataset: number, fields: readonly number[]): void {
    if (this.length + fields.length > this.data.length) {
      const grown = new Uint16Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.start[dataset] = this.length;
    for (const field of fields) this.data[this.length++] = field;
    this.end[dataset] = this.length;
  }

  get(dataset: number): Uint16Array {
    return this.data.subarray(this.start[dataset], this.end[dataset]);
  }
}

/** A source table: a few keys and attributes, long-tailed width (4 to 40 columns). */
export function rootFields(prng: Prng): number[] {
  const width = Math.min(40, 4 + prng.longTail(1.1, 36) + prng.int(0, 6));
  const fields = new Set<number>([prng.int(0, 14)]);
  while (fields.size < width) fields.add(prng.int(0, BASE_COUNT - 1));
  return [...fields];
}

/**
 * A derived table keeps most of its primary input's columns, joins in a few from other inputs,
 * and sometimes adds aggregates of a measure it can see.
 */
export function derivedFields(prng: Prng, primary: ArrayLike<number>, others: Array<ArrayLike<number>>): number[] {
  const fields: number[] = [];
  for (let i = 0; i < primary.length; i++) if (i < 2 || prng.chance(0.85)) fields.push(primary[i]);
  for (const other of others) {
    if (!prng.chance(0.5) || other.length === 0) continue;
    for (let k = prng.int(1, 2); k > 0; k--) {
      const field = other[prng.int(0, other.length - 1)];
      if (!fields.includes(field)) fields.push(field);
    }
  }
  const measures = fields.filter((f) => VOCABULARY[f].type === 'money' || VOCABULARY[f].type === 'number');
  if (measures.length && prng.chance(0.4)) {
    const measure = prng.pick(measures);
    const aggregate = VOCABULARY.findIndex((v) => v.aggregateOf === measure && v.name.startsWith(prng.pick(AGGREGATES)));
    if (aggregate >= 0 && !fields.includes(aggregate)) fields.push(aggregate);
    if (!fields.includes(ROW_COUNT) && prng.chance(0.3)) fields.push(ROW_COUNT);
  }
  return fields.slice(0, 40);
}

/** The column a schema change adds in a job's later runs: the first one the table lacks. */
export function addedField(fields: ArrayLike<number>): number {
  const present = new Set(Array.from(fields));
  let field = 0;
  while (present.has(field)) field++;
  return field;
}

export interface ColumnSource {
  /** Index into the job's inputs. */
  input: number;
  field: number;
  type: 'DIRECT' | 'INDIRECT';
  subtype: 'IDENTITY' | 'TRANSFORMATION' | 'AGGREGATION';
}

/**
 * Where an output column comes from, read off the names alone (so every run of a job and every
 * event builder agrees without storing it): the first input with the same column (IDENTITY),
 * an aggregate's measure (AGGREGATION), nothing for a row count (Trino's `count(*)`), and a
 * column no input has is computed from the primary input's first column (TRANSFORMATION).
 */
export function columnSources(field: number, inputs: Array<ArrayLike<number>>): ColumnSource[] {
  const find = (wanted: number) => inputs.findIndex((fields) => Array.prototype.includes.call(fields, wanted));
  const same = find(field);
  if (same >= 0) return [{ input: same, field, type: 'DIRECT', subtype: 'IDENTITY' }];
  if (field === ROW_COUNT) return [];
  const measure = VOCABULARY[field].aggregateOf;
  if (measure !== null) {
    const from = find(measure);
    if (from >= 0) return [{ input: from, field: measure, type: 'DIRECT', subtype: 'AGGREGATION' }];
  }
  const primary = inputs[0];
  return primary && primary.length ? [{ input: 0, field: primary[0], type: 'DIRECT', subtype: 'TRANSFORMATION' }] : [];
}
