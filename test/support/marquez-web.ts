/**
 * Marquez's own web UI (0.51, the production build of its `web/` folder) served against the store,
 * as Marquez's SOURCE notes say to: `dist/` as static files with `index.html` for every unknown
 * path (the UI routes with browser history), and `/api/v1` and `/api/v2beta` proxied to the store
 * unchanged (the UI calls the API on its own origin).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './store-process';

/** The build the repository keeps (test/marquez-web/SOURCE.md): what every clone walks. */
export const MARQUEZ_WEB_TARBALL = path.join(PACKAGE_ROOT, 'test', 'marquez-web', 'web-0.51-dist.tar.xz');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Unpacks the tarball (its top folder is `dist/`) into a fresh temporary folder; returns `dist/`. */
export function unpackMarquezWeb(tarball = MARQUEZ_WEB_TARBALL): { dist: string; remove: () => void } {
  if (!fs.existsSync(tarball)) throw new Error(`Marquez's web UI build is missing at ${tarball} (see test/marquez-web/SOURCE.md)`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'marquez-web-'));
  const untar = spawnSync('tar', ['-xJf', tarball, '-C', folder], { encoding: 'utf8' });
  if (untar.status !== 0) throw new Error(`tar -xJf ${tarball} failed: ${untar.stderr}`);
  const dist = path.join(folder, 'dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${tarball} holds no dist/index.html`);
  return { dist, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}

export interface MarquezWeb {
  url: string;
  close(): Promise<void>;
}

/** Serves `dist` on a free localhost port, proxying the API to `storeUrl`. */
export async function serveMarquezWeb(dist: string, storeUrl: string): Promise<MarquezWeb> {
  const store = new URL(storeUrl);
  const index = fs.readFileSync(path.join(dist, 'index.html'));
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/v1/') || url.startsWith('/api/v2beta/')) {
      const upstream = http.request(
        { hostname: store.hostname, port: store.port, path: url, method: req.method, headers: { ...req.headers, host: store.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${error.message}`);
      });
      req.pipe(upstream);
      return;
    }
    const pathname = decodeURIComponent(url.split('?')[0]);
    const file = path.join(dist, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const isFile = file.startsWith(dist) && fs.statSync(file, { throwIfNoEntry: false })?.isFile();
    if (isFile) {
      // The build's files do not change while it is served: let the browser keep them.
      res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
      fs.createReadStream(file).pipe(res);
    } else {
      res.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] });
      res.end(index);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
