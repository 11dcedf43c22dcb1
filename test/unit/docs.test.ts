/**
 * The documentation a reader follows: every relative link in README.md and docs/ leads to a file
 * that exists (and, for a link to a heading, to that heading), the README stays a front door, and
 * docs/configuration.md lists every variable of .env.example.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Link targets: inline links and images `[text](target)`, and reference definitions `[x]: target`. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
  return [...inline, ...references];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const headings = [...prose(fs.readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1]);
  return new Set(headings.map(headingAnchor));
}

function brokenLinks(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const from = path.relative(ROOT, file);
  return linkTargets(text).flatMap((target) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return []; // https:, mailto:, ...
    const [filePart, anchor] = target.split('#', 2);
    const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
    if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) return [`${from}: ${target} leaves the repository`];
    if (!fs.existsSync(resolved)) return [`${from}: ${target} does not exist`];
    if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return [`${from}: ${target} names no heading of ${path.relative(ROOT, resolved)}`];
    return [];
  });
}

describe('documentation', () => {
  const files = [path.join(ROOT, 'README.md'), ...markdownFiles(path.join(ROOT, 'docs'))];

  it('finds the pages and links it checks', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(linkTargets(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).length).toBeGreaterThan(20);
  });

  it('has no broken relative link in README.md or docs/', () => {
    expect(files.flatMap((file) => brokenLinks(file))).toEqual([]);
  });

  it('keeps README.md a front door of at most 250 lines', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('lists every variable of .env.example in docs/configuration.md', () => {
    const variables = [...fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    const configuration = fs.readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(variables.length).toBeGreaterThan(20);
    expect(variables.filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('reads inline links, images and reference definitions, not code', () => {
    const markdown = [
      'See [a](docs/a.md) and ![b](docs/b.png "title") and [c](docs/c.md#part).',
      '[ref]: docs/ref.md',
      '`[not](a-link.md)`',
      '```',
      '[nor](this.md)',
      '```',
    ].join('\n');
    expect(linkTargets(markdown)).toEqual(['docs/a.md', 'docs/b.png', 'docs/c.md#part', 'docs/ref.md']);
  });

  it('makes the anchors GitHub makes', () => {
    expect(headingAnchor('Sizing PostgreSQL for a large store')).toBe('sizing-postgresql-for-a-large-store');
    expect(headingAnchor('Migrate, then serve')).toBe('migrate-then-serve');
    expect(headingAnchor('ADR 0004: Group commit, two ingest modes')).toBe('adr-0004-group-commit-two-ingest-modes');
    expect(headingAnchor('The `relay` command')).toBe('the-relay-command');
  });

  it('finds a broken link', () => {
    const page = path.join(ROOT, 'docs', 'a-page-that-links-nowhere.md');
    const text = '[gone](no-such-page.md) [heading](configuration.md#no-such-heading) [ok](configuration.md) [out](../../elsewhere.md)\n';
    expect(brokenLinks(page, text)).toEqual([
      'docs/a-page-that-links-nowhere.md: no-such-page.md does not exist',
      'docs/a-page-that-links-nowhere.md: configuration.md#no-such-heading names no heading of docs/configuration.md',
      'docs/a-page-that-links-nowhere.md: ../../elsewhere.md leaves the repository',
    ]);
  });
});
