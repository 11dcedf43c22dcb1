import { Environment, normalizeBasePath } from '../core/config/environment';

export interface ServiceUrls {
  ui: string;
  apiDocs: string;
}

/** Where a user on this machine finds the UI and the API docs: scheme, a reachable host, base path. */
export function serviceUrls(env: Pick<Environment, 'HOST' | 'PORT' | 'BASE_PATH' | 'TLS_CERT_FILE'>): ServiceUrls {
  const scheme = env.TLS_CERT_FILE ? 'https' : 'http';
  const anyAddress = env.HOST === '0.0.0.0' || env.HOST === '::';
  const host = anyAddress ? 'localhost' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const base = `${scheme}://${host}:${env.PORT}${normalizeBasePath(env.BASE_PATH)}`;
  return { ui: `${base}/`, apiDocs: `${base}/api/docs` };
}
