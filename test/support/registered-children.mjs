// The processes tests started and have not seen exit: one file per pid in the registry folder
// (written by child-processes.ts). Stopped with SIGTERM, then SIGKILL after a grace period longer
// than a store's own drain deadline (SHUTDOWN_TIMEOUT_MS, 25 s by default).
import fs from 'node:fs';
import path from 'node:path';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signal(pid, name) {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

export async function stopRegisteredChildren(registry, graceMs = 30000) {
  const pids = fs.existsSync(registry) ? fs.readdirSync(registry).map(Number).filter(alive) : [];
  for (const pid of pids) {
    process.stderr.write(`stopping ${fs.readFileSync(path.join(registry, String(pid)), 'utf8')} (pid ${pid}), left running by a test\n`);
    signal(pid, 'SIGTERM');
  }
  const deadline = Date.now() + graceMs;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  for (const pid of pids.filter(alive)) signal(pid, 'SIGKILL');
}
