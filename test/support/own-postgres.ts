import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { stopChild, track } from './child-processes';
import { freePort } from './store-process';

/** A PostgreSQL that a test may stop and start again (same data, same port). */
export class OwnPostgres {
  private child: ChildProcess | null = null;
  readonly dir: string;

  private constructor(
    readonly port: number,
    private readonly flags: string[],
  ) {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-own-pg-'));
    fs.chmodSync(parent, 0o755);
    this.dir = path.join(parent, 'data');
  }

  /** `flags` go to the postgres server (e.g. `-c ssl=on`). */
  static async create(flags: string[] = []): Promise<OwnPostgres> {
    const pg = new OwnPostgres(await freePort(), flags);
    await pg.start();
    return pg;
  }

  /** The helper process's pid while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get url(): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    const child = track(
      spawn(process.execPath, [path.join(__dirname, 'pg-server.mjs'), this.dir, String(this.port), ...this.flags], { stdio: ['pipe', 'pipe', 'inherit'] }),
      'PostgreSQL of a test',
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`PostgreSQL helper exited with ${code}`)));
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await stopChild(child);
    this.child = null;
  }

  async destroy(): Promise<void> {
    await this.stop();
    fs.rmSync(path.dirname(this.dir), { recursive: true, force: true });
  }
}
