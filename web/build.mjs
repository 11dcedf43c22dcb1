// Builds the web UI into dist/ui: index.html plus content-hashed assets under dist/ui/assets.
// Typechecks web/src first (web/tsconfig.json), then bundles with esbuild. ELK's layout engine runs
// in a web worker: elkjs's prebuilt worker script is copied in under a hashed name, which the
// bundle learns through ELK_WORKER_URL.
//   node web/build.mjs            production build (minified)
//   node web/build.mjs --no-check skip the typecheck
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);
const webDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(webDir, '..');
const outDir = path.join(root, 'dist', 'ui');
const assetsDir = path.join(outDir, 'assets');
const started = Date.now();

if (!process.argv.includes('--no-check')) {
  const tsc = require.resolve('typescript/bin/tsc');
  const check = spawnSync(process.execPath, [tsc, '-p', path.join(webDir, 'tsconfig.json')], { stdio: 'inherit' });
  if (check.status !== 0) {
    console.error('web: typecheck failed');
    process.exit(1);
  }
}

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(assetsDir, { recursive: true });
const worker = fs.readFileSync(require.resolve('elkjs/lib/elk-worker.min.js'));
const workerName = `elk-worker-${createHash('sha256').update(worker).digest('hex').slice(0, 8)}.js`;
fs.writeFileSync(path.join(assetsDir, workerName), worker);

const result = await esbuild.build({
  entryPoints: { app: path.join(webDir, 'src', 'main.tsx') },
  jsx: 'automatic',
  // Relative to the page at {base}/, like the other assets.
  define: { ELK_WORKER_URL: JSON.stringify(`assets/${workerName}`), 'process.env.NODE_ENV': '"production"' },
  bundle: true,
  format: 'esm',
  splitting: true,
  chunkNames: 'chunk-[hash]',
  target: ['chrome109', 'edge109', 'firefox115', 'safari16'],
  minify: true,
  sourcemap: 'linked',
  legalComments: 'none',
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  outdir: assetsDir,
  metafile: true,
  logLevel: 'warning',
});

const entry = Object.entries(result.metafile.outputs).find(([, output]) => output.entryPoint);
if (!entry || !entry[1].cssBundle) throw new Error('web: esbuild produced no entry script or stylesheet');
const relative = (file) => path.relative(outDir, path.resolve(root, file)).split(path.sep).join('/');
const template = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
// Relative URLs: the page is served at {base}/ whatever BASE_PATH is.
const html = template.replace('%APP_JS%', relative(entry[0])).replace('%APP_CSS%', relative(entry[1].cssBundle));
if (html.includes('%APP_')) throw new Error('web: index.html has a placeholder left');
fs.writeFileSync(path.join(outDir, 'index.html'), html);

const files = fs.readdirSync(assetsDir).filter((f) => !f.endsWith('.map')).sort();
const sizes = files.map((f) => `${f} ${(fs.statSync(path.join(assetsDir, f)).size / 1024).toFixed(1)} KiB`);
console.log(`web: built dist/ui in ${Date.now() - started} ms (${sizes.join(', ')})`);
