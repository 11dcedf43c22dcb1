/**
 * PostgreSQL over TLS with a private CA: a real PostgreSQL with ssl=on and a certificate signed
 * by a CA this test generates (openssl). node-postgres reads `sslmode=require` as full
 * verification against the system's CAs, so the URL alone fails; DATABASE_CA_FILE makes it work.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { OwnPostgres } from '../support/own-postgres';
import { post } from '../support/http';
import { runCommand, startStore } from '../support/store-process';
import { runEvent } from './ops-support';

jest.setTimeout(180000);

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'ignore' });
}

/** A CA, and a server certificate it signs for localhost and 127.0.0.1. */
function makeCertificates(dir: string, name: string): { ca: string; cert: string; key: string } {
  openssl(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${name} test CA`, '-keyout', `${name}-ca.key`, '-out', `${name}-ca.crt`], dir);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', `${name}-server.key`, '-out', `${name}-server.csr`], dir);
  fs.writeFileSync(path.join(dir, `${name}-san.ext`), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(
    ['x509', '-req', '-in', `${name}-server.csr`, '-CA', `${name}-ca.crt`, '-CAkey', `${name}-ca.key`, '-CAcreateserial', '-days', '2', '-extfile', `${name}-san.ext`, '-out', `${name}-server.crt`],
    dir,
  );
  return { ca: path.join(dir, `${name}-ca.crt`), cert: path.join(dir, `${name}-server.crt`), key: path.join(dir, `${name}-server.key`) };
}

/** As root, PostgreSQL runs as the postgres user, which must own its key (mode 0600). */
function giveToPostgres(file: string): void {
  fs.chmodSync(file, 0o600);
  if (os.userInfo().uid !== 0) return;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  fs.chownSync(file, id('-u'), id('-g'));
}

describe('DATABASE_CA_FILE: PostgreSQL over TLS with a private CA', () => {
  let dir: string;
  let pg: OwnPostgres;
  let certs: { ca: string; cert: string; key: string };
  let otherCa: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-pg-tls-'));
    fs.chmodSync(dir, 0o755);
    certs = makeCertificates(dir, 'private');
    otherCa = makeCertificates(dir, 'other').ca;
    fs.chmodSync(certs.cert, 0o644);
    giveToPostgres(certs.key);
    pg = await OwnPostgres.create(['-c', 'ssl=on', '-c', `ssl_cert_file=${certs.cert}`, '-c', `ssl_key_file=${certs.key}`]);
  });
  afterAll(async () => {
    await pg?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tlsUrl = () => `postgres://postgres:postgres@localhost:${pg.port}/postgres?sslmode=require`;

  it('with `sslmode=require` alone, node-postgres verifies against the system CAs and migrate fails', () => {
    const result = runCommand(['migrate'], { DATABASE_URL: tlsUrl() });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/migrate failed: .*(self-signed certificate|unable to verify|unable to get local issuer)/);
  });

  it('a CA file of another CA is refused', () => {
    const result = runCommand(['migrate'], { DATABASE_URL: tlsUrl(), DATABASE_CA_FILE: otherCa });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/migrate failed: .*(self-signed certificate|unable to verify|unable to get local issuer)/);
  });

  it('a CA file that cannot be read or holds no certificate stops the command with one line naming DATABASE_CA_FILE', () => {
    for (const file of [path.join(dir, 'missing.crt'), path.join(dir, 'private-san.ext')]) {
      const result = runCommand(['serve'], { DATABASE_URL: tlsUrl(), DATABASE_CA_FILE: file });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]).msg).toMatch(new RegExp(`^invalid configuration: DATABASE_CA_FILE="${file}": (cannot be read|holds no PEM certificate)`));
    }
  });

  it('with DATABASE_CA_FILE, migrate and serve connect over verified TLS and ingest', async () => {
    const env = { DATABASE_URL: tlsUrl(), DATABASE_CA_FILE: certs.ca };
    const migrated = runCommand(['migrate'], env);
    expect(migrated.stderr).toBe('');
    expect(migrated.status).toBe(0);
    const store = await startStore(env);
    try {
      expect((await post(`${store.url}/api/v1/lineage`, runEvent())).status).toBe(201);
      const client = new Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${pg.port}/postgres?sslmode=no-verify` });
      await client.connect();
      const { rows } = await client.query(
        "SELECT bool_and(s.ssl) AS all_tls, count(*)::int AS n FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) WHERE a.application_name LIKE 'metadata-store%'",
      );
      await client.end();
      expect(rows[0].n).toBeGreaterThan(0);
      expect(rows[0].all_tls).toBe(true);
    } finally {
      await store.stop();
    }
  });
});
