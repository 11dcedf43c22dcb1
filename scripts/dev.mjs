// npm run dev: builds once, then rebuilds as sources change and restarts the service
// (`node dist/main.js serve`, arguments passed on) after each good rebuild: src/ through
// `tsc --watch`, web/ through web/build.mjs. A rebuild with errors keeps the running service.
// Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const env = { SHUTDOWN_DELAY_MS: '0', ...process.env }; // no load balancer to wait for in development
const node = (args, options = {}) => spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit', ...options });
const say = (message) => process.stderr.write(`dev: ${message}\n`);

if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

let server = null;
let stopping = false;
let restarting = Promise.resolve();

function stopServer(signal = 'SIGTERM') {
  if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  return exited;
}

function restart(why) {
  restarting = restarting.then(async () => {
    await stopServer();
    if (stopping) return;
    say(`${why}: ${server ? 'restarting' : 'starting'} the service`);
    // Its own process group: a Ctrl-C reaches this script only, which then stops the service once.
    server = node(['dist/main.js', 'serve', ...process.argv.slice(2)], { detached: true });
  });
}

// tsc prints "Found N errors. Watching for file changes." after every compile, the first included.
const compiler = node([tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { stdio: ['ignore', 'pipe', 'inherit'] });
compiler.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const found = /Found (\d+) errors?\. Watching for file changes/.exec(chunk.toString());
  if (found && found[1] === '0') restart('compiled');
  else if (found) say('compile errors: the service keeps running the last good build');
});

let webBuild = null;
let webChanged = false;
function rebuildWeb() {
  if (webBuild) return void (webChanged = true);
  webChanged = false;
  webBuild = node(['web/build.mjs', '--no-check']).once('exit', (code) => {
    webBuild = null;
    if (webChanged) rebuildWeb();
    else if (code === 0) restart('web UI rebuilt');
  });
}
const webWatcher = fs.watch(path.join(root, 'web'), { recursive: true }, rebuildWeb);

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  webWatcher.close();
  compiler.kill('SIGTERM');
  webBuild?.kill('SIGTERM');
  await restarting;
  await stopServer(signal);
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
