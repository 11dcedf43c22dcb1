import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

const REPO = path.join(__dirname, '..', '..');
/**
 * Marquez's web UI 0.51, its production build (see shared/marquez/SOURCE.md): MARQUEZ_UI_TARBALL,
 * or `shared/` beside the checkout (or beside its worktrees' folder).
 */
export function marquezUiTarball(): string {
  const candidates = [process.env.MARQUEZ_UI_TARBALL, ...['..', '../..'].map((up) => path.resolve(REPO, up, 'shared', 'marquez', 'web-0.51-dist.tar.xz'))];
  const found = candidates.find((file): file is string => !!file && fs.existsSync(file));
  if (!found) throw new Error(`Marquez's UI build is missing (looked at ${candidates.filter(Boolean).join(', ')}); set MARQUEZ_UI_TARBALL`);
  return found;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png', '.ttf': 'font/ttf' };

export interface MarquezUi {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves Marquez's UI as its SOURCE.md says: `dist/` as static files, index.html for any other
 * path (browser history routes), and `/api/*` proxied unchanged to the store at `storeUrl`.
 */
export async function serveMarquezUi(storeUrl: string): Promise<MarquezUi> {
  const tarball = marquezUiTarball();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquez-ui-'));
  const untar = spawnSync('tar', ['-xJf', tarball, '-C', dir]);
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
  const dist = path.join(dir, 'dist');
  const store = new URL(storeUrl);
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      const upstream = http.request(
        { host: store.hostname, port: store.port, method: req.method, path: req.url, headers: { ...req.headers, host: store.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const file = path.join(dist, path.normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://ui').pathname)));
    const served = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dist, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
    fs.createReadStream(served).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
