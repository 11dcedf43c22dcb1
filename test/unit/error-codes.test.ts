/**
 * The error catalogue: one name, status and meaning per code; every code is what the filter
 * answers for the error that carries it, with the catalogue's status; docs/api-errors.md
 * describes every code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { STATUS_CODES } from 'node:http';
import { DomainError } from '../../src/core/errors/domain-errors';
import { ALL_ERROR_CODES, ERROR_CODES } from '../../src/core/errors/error-codes';
import { errorAnswer, FASTIFY_ERROR_CODES } from '../../src/core/http/error-answer';
import { errorResponse } from '../../src/core/http/error-response';

describe('the error catalogue', () => {
  it('has unique codes in SCREAMING_SNAKE_CASE, each with an error status and a meaning', () => {
    expect(new Set(ALL_ERROR_CODES.map((c) => c.toLowerCase())).size).toBe(ALL_ERROR_CODES.length);
    for (const code of ALL_ERROR_CODES) {
      expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
      const { status, meaning } = ERROR_CODES[code];
      expect(status >= 400 && status < 600 && STATUS_CODES[status]).toBeTruthy();
      expect(meaning.length).toBeGreaterThan(10);
    }
  });

  it('maps every code: the error carrying it is answered with it and its status', () => {
    for (const code of ALL_ERROR_CODES) {
      const answer = errorAnswer(new DomainError(code, `a ${code}`));
      expect(answer.code).toBe(code);
      expect(errorResponse(answer.code, answer.message)).toEqual({ statusCode: ERROR_CODES[code].status, error: STATUS_CODES[ERROR_CODES[code].status], code, message: `a ${code}` });
    }
  });

  it('maps what Fastify refuses, PostgreSQL errors and stray exceptions to catalogued codes', () => {
    for (const [fastifyCode, code] of Object.entries(FASTIFY_ERROR_CODES)) {
      expect(ALL_ERROR_CODES).toContain(code);
      expect(errorAnswer(Object.assign(new Error('refused'), { code: fastifyCode, statusCode: 400 })).code).toBe(code);
    }
    expect(errorAnswer(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })).code).toBe('DATABASE_UNAVAILABLE');
    expect(errorAnswer(Object.assign(new Error('invalid input syntax'), { code: '22P02' })).code).toBe('INVALID_PARAMETER');
    expect(errorAnswer(Object.assign(new Error('odd'), { statusCode: 418 })).code).toBe('BAD_REQUEST');
    expect(errorAnswer(new TypeError('a bug'))).toEqual({ code: 'INTERNAL_ERROR', message: 'internal server error' });
  });

  it('is described, code by code, in docs/api-errors.md', () => {
    const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'api-errors.md'), 'utf8');
    for (const code of ALL_ERROR_CODES) expect(doc).toMatch(new RegExp(`\\| \`${code}\` \\| ${ERROR_CODES[code].status} \\|`));
  });
});
