import type { ValidationError } from 'class-validator';
import { FieldError, InvalidFieldsError } from '../errors/domain-errors';

function flatten(errors: ValidationError[], parent: string): FieldError[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** ValidationPipe's exceptionFactory: a query or path parameter that fails gets the field list. */
export function validationException(errors: ValidationError[]): InvalidFieldsError {
  return new InvalidFieldsError('INVALID_PARAMETER', flatten(errors, ''));
}
