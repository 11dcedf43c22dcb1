import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { runCommand, startStore, StoreProcess } from '../support/store-process';
import { jsonLines, migratedDatabase, parseMetrics, sampleValue, waitFor } from './ops-support';

interface Pair {
  cert: string;
  key: string;
  fingerprint: string;
  notAfter: Date;
}

/** A self-signed certificate and its key, made by openssl. */
function makePair(dir: string, name: string, days = 2): Pair {
  const cert = path.join(dir, `${name}.crt`);
  const key = path.join(dir, `${name}.key`);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', String(days), '-subj', `/CN=${name}`, '-addext', 'subjectAltName=IP:127.0.0.1'], {
    stdio: 'ignore',
  });
  const x509 = new X509Certificate(fs.readFileSync(cert));
  return { cert: fs.readFileSync(cert, 'utf8'), key: fs.readFileSync(key, 'utf8'), fingerprint: x509.fingerprint256, notAfter: new Date(x509.validTo) };
}

/** The fingerprint of the certificate a new connection gets (no keep-alive socket reuse). */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: '/health/live', agent: false, rejectUnauthorized: false }, (res) => {
      const fingerprint = (res.socket as tls.TLSSocket).getPeerCertificate().fingerprint256;
      res.resume();
      res.on('end', () => resolve(fingerprint));
    });
    req.on('error', reject);
  });
}

function httpsGet(port: number, requestPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: requestPath, agent: false, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

/** Tries a TLS 1.0-1.1 handshake (legacy ciphers allowed on the client side); resolves the protocol or the error. */
function legacyHandshake(port: number): Promise<{ protocol?: string | null; error?: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' }, () => {
      const protocol = socket.getProtocol();
      socket.end();
      resolve({ protocol });
    });
    socket.on('error', (error) => resolve({ error: error.message }));
  });
}

/** Writes both files the way a certificate operator that does not swap symlinks would. */
function install(dir: string, pair: { cert: string; key: string }): void {
  fs.writeFileSync(path.join(dir, 'tls.crt'), pair.cert);
  fs.writeFileSync(path.join(dir, 'tls.key'), pair.key);
}

describe('TLS', () => {
  let store: StoreProcess | undefined;
  let work: string;
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'metadata-store-tls-'));
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  afterEach(async () => {
    await store?.stop();
    store = undefined;
  });

  it('serves HTTPS only, TLS 1.2+, reloads rotated certificates without a restart, keeps the old one when the new pair is invalid', async () => {
    const a = makePair(work, 'store-a');
    const b = makePair(work, 'store-b');
    const c = makePair(work, 'store-c', 30);
    const mounted = fs.mkdtempSync(path.join(work, 'mount-'));
    install(mounted, a);
    const databaseUrl = await migratedDatabase('ops_tls');
    const tlsEnv = { TLS_CERT_FILE: path.join(mounted, 'tls.crt'), TLS_KEY_FILE: path.join(mounted, 'tls.key') };
    store = await startStore({ DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', ...tlsEnv }, { scheme: 'https' });
    const port = store.port;

    expect(await servedFingerprint(port)).toBe(a.fingerprint);
    expect((await httpsGet(port, '/health/ready')).status).toBe(200);
    // No plaintext HTTP on the port.
    await expect(fetch(`http://127.0.0.1:${port}/health/live`)).rejects.toThrow();

    // TLS 1.1 is refused; the same client connects to a server that allows it (the check is real).
    const refused = await legacyHandshake(port);
    expect(refused.protocol).toBeUndefined();
    expect(refused.error).toBeDefined();
    const control = tls.createServer({ cert: a.cert, key: a.key, minVersion: 'TLSv1', ciphers: 'DEFAULT@SECLEVEL=0' }, (s) => s.end());
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    try {
      expect((await legacyHandshake((control.address() as { port: number }).port)).protocol).toBe('TLSv1.1');
    } finally {
      control.close();
    }

    // `healthcheck` speaks TLS too.
    expect(runCommand(['healthcheck'], { PORT: String(port), ...tlsEnv }).status).toBe(0);

    // Rotation: new connections get the new certificate, no restart.
    const pid = store.child.pid;
    install(mounted, b);
    await waitFor('certificate B', async () => (await servedFingerprint(port)) === b.fingerprint, 20000);
    expect(store.child.pid).toBe(pid);
    expect(store.child.exitCode).toBeNull();
    // The line may reach this side of the pipe after the new certificate is served.
    const reloaded = await waitFor('the reload line', () => jsonLines(store!.output).find((l) => l.msg?.startsWith('tls: certificate reloaded')), 5000);
    expect(reloaded).toMatchObject({ fingerprint: b.fingerprint, previousFingerprint: a.fingerprint, level: 'info' });
    expect((await legacyHandshake(port)).protocol).toBeUndefined(); // still TLS 1.2+ after the swap

    // An invalid pair (C's certificate with B's key): logged, and B is still served.
    install(mounted, { cert: c.cert, key: b.key });
    const rejected = await waitFor('the invalid pair error', () => jsonLines(store!.output).find((l) => l.level === 'error' && l.context === 'Tls'), 20000);
    expect(rejected.msg).toContain('still serving the previous certificate');
    expect(rejected.fingerprint).toBe(b.fingerprint);
    expect(await servedFingerprint(port)).toBe(b.fingerprint);

    // The operator fixes it: C is served, and the expiry metric follows.
    fs.writeFileSync(path.join(mounted, 'tls.key'), c.key);
    await waitFor('certificate C', async () => (await servedFingerprint(port)) === c.fingerprint, 20000);
    const metrics = parseMetrics((await httpsGet(port, '/metrics')).body);
    expect(sampleValue(metrics, 'metadata_store_tls_certificate_not_after_seconds')).toBe(Math.floor(c.notAfter.getTime() / 1000));
  });

  it('reloads a Kubernetes-style secret volume rotated by swapping the `..data` symlink', async () => {
    const a = makePair(work, 'k8s-a');
    const b = makePair(work, 'k8s-b');
    // What the kubelet writes: ..<timestamp>/ holds the files, ..data points at it, tls.crt -> ..data/tls.crt
    const volume = fs.mkdtempSync(path.join(work, 'volume-'));
    const publish = (version: string, pair: Pair) => {
      const dir = path.join(volume, `..${version}`);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'tls.crt'), pair.cert);
      fs.writeFileSync(path.join(dir, 'tls.key'), pair.key);
      fs.symlinkSync(`..${version}`, path.join(volume, '..data_tmp'));
      fs.renameSync(path.join(volume, '..data_tmp'), path.join(volume, '..data')); // atomic swap
    };
    publish('2026_01_01', a);
    fs.symlinkSync('..data/tls.crt', path.join(volume, 'tls.crt'));
    fs.symlinkSync('..data/tls.key', path.join(volume, 'tls.key'));

    const databaseUrl = await migratedDatabase('ops_tls_k8s');
    store = await startStore(
      { DATABASE_URL: databaseUrl, PROJECTION_WORKERS: '0', TLS_CERT_FILE: path.join(volume, 'tls.crt'), TLS_KEY_FILE: path.join(volume, 'tls.key') },
      { scheme: 'https' },
    );
    expect(await servedFingerprint(store.port)).toBe(a.fingerprint);
    publish('2026_01_02', b);
    fs.rmSync(path.join(volume, '..2026_01_01'), { recursive: true });
    await waitFor('certificate B', async () => (await servedFingerprint(store!.port)) === b.fingerprint, 20000);
    expect(jsonLines(store.output).filter((l) => l.level === 'error')).toEqual([]);
  });

  it('a missing or mismatched certificate stops `serve` at start with one line naming the variable', async () => {
    makePair(work, 'start-a');
    makePair(work, 'start-b');
    const databaseUrl = await migratedDatabase('ops_tls_bad');
    const aFiles = { cert: path.join(work, 'start-a.crt'), key: path.join(work, 'start-a.key') };
    const bKey = path.join(work, 'start-b.key');

    const missing = runCommand(['serve'], { DATABASE_URL: databaseUrl, TLS_CERT_FILE: path.join(work, 'nope.crt'), TLS_KEY_FILE: aFiles.key });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(missing.stderr).msg).toMatch(/^TLS_CERT_FILE=.*nope\.crt: cannot be read \(ENOENT\)/);

    const mismatched = runCommand(['serve'], { DATABASE_URL: databaseUrl, TLS_CERT_FILE: aFiles.cert, TLS_KEY_FILE: bKey });
    expect(mismatched.status).toBe(1);
    expect(mismatched.stderr.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(mismatched.stderr).msg).toMatch(/^TLS_KEY_FILE=.*start-b\.key: not a PEM private key matching TLS_CERT_FILE/);
  });
});
