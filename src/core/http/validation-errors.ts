import type { ValidationError } from 'class-validator';
import { FieldErrorDto, FieldErrorsException } from './error-response';

function flatten(errors: ValidationError[], parent: string): FieldErrorDto[] {
  return errors.flatMap((e) => {
    const field = parent ? `${parent}.${e.property}` : e.property;
    const own = Object.values(e.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flatten(e.children ?? [], field)];
  });
}

/** ValidationPipe's exceptionFactory: a query or path parameter that fails gets the field list. */
export function validationException(errors: ValidationError[]): FieldErrorsException {
  return new FieldErrorsException(flatten(errors, ''));
}
