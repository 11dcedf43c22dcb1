/**
 * Only what translates HTTP may know HTTP exceptions: controllers, pipes and the error filter.
 * Services, repositories, parsers and the rest throw domain errors (src/core/errors) instead.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '..', '..', 'src');
/** The filter and what it reads an HttpException's status and message with. */
const FILTER_FILES = ['core/http/error-handler.ts', 'core/http/error-answer.ts'];
const TRANSLATES_HTTP = /\.(controller|pipe|filter)\.ts$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The HTTP exception classes a source imports from Nest (every one of them is named `*Exception`). */
function httpExceptionImports(text: string): string[] {
  const imports = text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@nestjs\/common(?:\/exceptions[^']*)?'/g);
  return [...imports].flatMap((m) => m[1].split(',').map((name) => name.trim().split(/\s+as\s+/)[0].replace(/^type\s+/, ''))).filter((name) => name.endsWith('Exception'));
}

describe('HTTP exceptions stay where HTTP is translated', () => {
  it('recognises an import of an HTTP exception, and only that', () => {
    expect(httpExceptionImports("import { Injectable, NotFoundException } from '@nestjs/common';")).toEqual(['NotFoundException']);
    expect(httpExceptionImports("import {\n  HttpException as Http,\n  type BadRequestException,\n} from '@nestjs/common';")).toEqual(['HttpException', 'BadRequestException']);
    expect(httpExceptionImports("import { Injectable, Logger } from '@nestjs/common';")).toEqual([]);
  });

  it('no file under src/ but controllers, pipes and the error filter imports one', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((file) => !TRANSLATES_HTTP.test(file) && !FILTER_FILES.includes(file))
      .flatMap((file) => httpExceptionImports(fs.readFileSync(path.join(SRC, file), 'utf8')).map((name) => `${file}: ${name}`));
    expect(offenders).toEqual([]);
  });
});
