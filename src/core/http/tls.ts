import { Logger } from '@nestjs/common';
import { createHash, X509Certificate } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as tls from 'node:tls';
import { ConfigurationError } from '../config/environment';

/** TLS 1.0 and 1.1 are refused. */
export const TLS_MIN_VERSION: tls.SecureVersion = 'TLSv1.2';

export interface TlsPair {
  cert: Buffer;
  key: Buffer;
  /** SHA-256 fingerprint of the leaf certificate, as `openssl x509 -fingerprint -sha256` prints it. */
  fingerprint: string;
  subject: string;
  notAfter: Date;
  /** Identity of the files' contents, to skip reloads that change nothing. */
  digest: string;
}

/**
 * Reads and checks a certificate (chain) and key: both PEM, the key matching the certificate.
 * Throws an Error whose message names the file and what is wrong.
 */
export function readTlsPair(certFile: string, keyFile: string): TlsPair {
  const read = (variable: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`${variable}=${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  };
  const cert = read('TLS_CERT_FILE', certFile);
  const key = read('TLS_KEY_FILE', keyFile);
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(cert);
  } catch (error) {
    throw new Error(`TLS_CERT_FILE=${certFile}: not a PEM certificate (${(error as Error).message})`);
  }
  try {
    tls.createSecureContext({ cert, key, minVersion: TLS_MIN_VERSION });
  } catch (error) {
    throw new Error(`TLS_KEY_FILE=${keyFile}: not a PEM private key matching TLS_CERT_FILE (${(error as Error).message})`);
  }
  return {
    cert,
    key,
    fingerprint: x509.fingerprint256,
    subject: x509.subject.replace(/\n/g, ', '),
    notAfter: new Date(x509.validTo),
    digest: createHash('sha256').update(cert).update('\0').update(key).digest('hex'),
  };
}

/** The HTTPS options of the server at start; a bad pair stops the service with one clear line. */
export function initialTlsPair(certFile: string, keyFile: string): TlsPair {
  try {
    return readTlsPair(certFile, keyFile);
  } catch (error) {
    throw new ConfigurationError((error as Error).message);
  }
}

export interface TlsReloaderOptions {
  /** Quiet period after the last change before reloading (a rotation writes two files). */
  debounceMs?: number;
  /** Stat polling interval: catches what file events miss (symlink swaps of mounted secrets). */
  pollMs?: number;
  /** Delay of the one retry after an invalid pair (a writer slower than the debounce). */
  retryMs?: number;
}

/**
 * Watches the certificate and key files and swaps the server's certificate when they change:
 * new connections get the new certificate, open ones keep theirs, no restart. An invalid or
 * mismatched pair is logged as an error and the previous certificate stays in use.
 *
 * Both a directory watch (inotify: fast, sees atomic renames and Kubernetes' `..data` symlink
 * swap) and stat polling (robust where inotify is unavailable or the path is a symlink whose
 * target changes) trigger a reload; a reload that finds the same bytes does nothing.
 */
export class TlsReloader {
  private readonly logger = new Logger('Tls');
  private readonly watchers: fs.FSWatcher[] = [];
  private readonly polled: string[] = [];
  private debounce: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly debounceMs: number;
  private readonly pollMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly server: tls.Server,
    private readonly certFile: string,
    private readonly keyFile: string,
    private current: TlsPair,
    private readonly onLoaded: (pair: TlsPair) => void,
    options: TlsReloaderOptions = {},
  ) {
    this.debounceMs = options.debounceMs ?? 250;
    this.pollMs = options.pollMs ?? 2000;
    this.retryMs = options.retryMs ?? 2000;
  }

  start(): void {
    const dirs = new Set([path.dirname(path.resolve(this.certFile)), path.dirname(path.resolve(this.keyFile))]);
    for (const dir of dirs) {
      try {
        const watcher = fs.watch(dir, { persistent: false }, () => this.schedule());
        watcher.on('error', (error) => this.logger.warn({ dir, err: error.message }, 'tls: directory watch failed; relying on polling'));
        this.watchers.push(watcher);
      } catch (error) {
        this.logger.warn({ dir, err: (error as Error).message }, 'tls: cannot watch the directory; relying on polling');
      }
    }
    for (const file of new Set([this.certFile, this.keyFile])) {
      fs.watchFile(file, { persistent: false, interval: this.pollMs }, (curr, prev) => {
        if (curr.mtimeMs !== prev.mtimeMs || curr.ino !== prev.ino || curr.size !== prev.size || curr.ctimeMs !== prev.ctimeMs) {
          this.schedule();
        }
      });
      this.polled.push(file);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const watcher of this.watchers.splice(0)) watcher.close();
    for (const file of this.polled.splice(0)) fs.unwatchFile(file);
    if (this.debounce) clearTimeout(this.debounce);
    if (this.retry) clearTimeout(this.retry);
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = setTimeout(() => {
      this.debounce = null;
      this.reload(true);
    }, this.debounceMs);
    this.debounce.unref();
  }

  /** Loads the files if they changed; returns true when the served certificate was replaced. */
  reload(retryOnFailure = false): boolean {
    if (this.stopped) return false;
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = null;
    }
    let next: TlsPair;
    try {
      next = readTlsPair(this.certFile, this.keyFile);
    } catch (error) {
      this.logger.error(
        { err: (error as Error).message, fingerprint: this.current.fingerprint },
        'tls: the certificate files changed but do not hold a valid pair; still serving the previous certificate',
      );
      if (retryOnFailure) {
        this.retry = setTimeout(() => this.reload(false), this.retryMs);
        this.retry.unref();
      }
      return false;
    }
    if (next.digest === this.current.digest) return false;
    this.server.setSecureContext({ cert: next.cert, key: next.key, minVersion: TLS_MIN_VERSION });
    const previous = this.current;
    this.current = next;
    this.onLoaded(next);
    this.logger.log(
      { fingerprint: next.fingerprint, previousFingerprint: previous.fingerprint, subject: next.subject, notAfter: next.notAfter.toISOString() },
      'tls: certificate reloaded; new connections use it',
    );
    return true;
  }
}
