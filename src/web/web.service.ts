import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Environment, normalizeBasePath } from '../core/config/environment';
import { WEB_DIST_DIR } from '../paths';

export interface WebFile {
  body: Buffer;
  contentType: string;
  etag: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** Escapes a value for a double-quoted HTML attribute. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Writes the base path into the page's <meta name="base-path">; its asset URLs are relative already. */
export function injectBasePath(html: string, basePath: string): string {
  const meta = /<meta name="base-path" content="[^"]*">/;
  if (!meta.test(html)) throw new Error('web: index.html has no <meta name="base-path" content="">');
  return html.replace(meta, () => `<meta name="base-path" content="${escapeAttribute(basePath)}">`);
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The built web UI (dist/ui, made by `node web/build.mjs`), read once at start and served from
 * memory: a few small files. When it was not built, the API still works and GET {base}/ says so.
 */
@Injectable()
export class WebService implements OnModuleInit {
  private readonly logger = new Logger('WebUI');
  private index: WebFile | null = null;
  private readonly assets = new Map<string, WebFile>();
  readonly basePath: string;

  constructor(
    env: Environment,
    private readonly distDir: string = WEB_DIST_DIR,
  ) {
    this.basePath = normalizeBasePath(env.BASE_PATH);
  }

  onModuleInit(): void {
    this.load();
  }

  load(): void {
    const indexFile = path.join(this.distDir, 'index.html');
    if (!fs.existsSync(indexFile)) {
      this.logger.warn(`the web UI is not built (${indexFile} is missing): run \`npm run build\`; the API works without it`);
      return;
    }
    const html = injectBasePath(fs.readFileSync(indexFile, 'utf8'), this.basePath);
    const body = Buffer.from(html, 'utf8');
    this.index = { body, contentType: 'text/html; charset=utf-8', etag: etagOf(body) };
    const assetsDir = path.join(this.distDir, 'assets');
    if (fs.existsSync(assetsDir)) {
      for (const name of fs.readdirSync(assetsDir)) {
        const file = path.join(assetsDir, name);
        if (!fs.statSync(file).isFile()) continue;
        const content = fs.readFileSync(file);
        const contentType = CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream';
        this.assets.set(name, { body: content, contentType, etag: etagOf(content) });
      }
    }
  }

  indexPage(): WebFile | null {
    return this.index;
  }

  /** Only the files that were built: the name is a map key, never a path on disk. */
  asset(name: string): WebFile | null {
    return this.assets.get(name) ?? null;
  }
}
