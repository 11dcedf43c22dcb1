import * as http from 'node:http';
import * as https from 'node:https';

/**
 * `healthcheck`, run by the image's HEALTHCHECK every 10 s: it must stay cheap, so it loads
 * nothing but Node's http client (no Nest, no validation library) and reads only the three
 * settings it needs.
 */
export interface HealthcheckTarget {
  url: string;
  secure: boolean;
}

export function healthcheckTarget(env: NodeJS.ProcessEnv): HealthcheckTarget | { error: string } {
  const port = (env.PORT ?? '').trim() || '5000';
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535) return { error: `PORT=${JSON.stringify(env.PORT)}: must be a port number` };
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const secure = Boolean(env.TLS_CERT_FILE);
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return { url: `${secure ? 'https' : 'http'}://${hostPart}:${port}/health/ready`, secure };
}

/**
 * Probes readiness; resolves null when ready, or the reason it is not. With TLS the certificate
 * is not verified: the probe checks the service, not the PKI.
 */
export function probeReadiness(target: HealthcheckTarget, timeoutMs = 3000): Promise<string | null> {
  const request = target.secure ? https.request : http.request;
  return new Promise((resolve) => {
    const req = request(target.url, { method: 'GET', timeout: timeoutMs, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body = (body + chunk).slice(0, 4096)));
      res.on('end', () => resolve(res.statusCode === 200 ? null : `${target.url} answered ${res.statusCode}${failingChecks(body)}`));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => resolve(`${target.url}: ${error.message}`));
    req.end();
  });
}

/** Terminus names the failing checks in `error`: `: database (connection refused)`. */
function failingChecks(body: string): string {
  try {
    const failing = (JSON.parse(body) as { error?: Record<string, { message?: string }> }).error ?? {};
    const names = Object.entries(failing).map(([name, detail]) => (detail?.message ? `${name} (${detail.message})` : name));
    return names.length ? `: not ready: ${names.join(', ')}` : '';
  } catch {
    return '';
  }
}
