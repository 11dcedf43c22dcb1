import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { FieldError, InvalidFieldsError } from '../errors/domain-errors';

const NUL = '\u0000';

const holdsNul = (value: unknown): boolean => [value].flat().some((v) => typeof v === 'string' && v.includes(NUL));

/** The parameters of a query object, or the one path or query parameter a handler names, that hold a NUL. */
function nulErrors(value: unknown, name: string | undefined): FieldError[] {
  const entries = name !== undefined ? [[name, value] as const] : value && typeof value === 'object' ? Object.entries(value) : [];
  return entries.filter(([, v]) => holdsNul(v)).map(([field]) => ({ field, message: `${field} must not contain a NUL character (%00)` }));
}

/**
 * PostgreSQL's text cannot hold a NUL character: a path or query parameter with one would reach it
 * and come back as its encoding error, naming no parameter. Refused before validation, with the
 * parameter named.
 */
@Injectable()
export class RefuseNulPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'query' && metadata.type !== 'param') return value;
    const errors = nulErrors(value, metadata.data);
    if (errors.length > 0) throw new InvalidFieldsError('INVALID_PARAMETER', errors);
    return value;
  }
}
