import { applyDecorators } from '@nestjs/common';
import { IsISO8601, Matches, ValidateBy } from 'class-validator';
import { ENDS_WITH_UTC_OFFSET, parseInstant } from '../../database/precise-timestamps';

/**
 * A query parameter that bounds a time: ISO 8601 with a UTC offset or Z, in a form the store reads
 * to the microsecond (parseInstant). ISO 8601 also has forms (week dates, ordinal dates, a decimal
 * comma) that no reader here understands: those are refused too, naming the parameter.
 */
export const IsTimeBound = (name: string) =>
  applyDecorators(
    IsISO8601({ strict: true }),
    Matches(ENDS_WITH_UTC_OFFSET, { message: `${name} must carry a UTC offset or Z` }),
    ValidateBy({
      name: 'isTimeBound',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && !Number.isNaN(parseInstant(value).getTime()),
        defaultMessage: () => `${name} must be a date and time such as 2026-12-01T00:00:00.123456Z (with a UTC offset or Z)`,
      },
    }),
  );
