import * as http from 'node:http';
import * as https from 'node:https';
import { Environment } from '../core/config/environment';

/**
 * Probes this host's readiness endpoint (as a container HEALTHCHECK would); true on 200.
 * With TLS the certificate is not verified: the probe checks the service, not the PKI.
 */
export function healthcheck(env: Environment, timeoutMs = 3000): Promise<boolean> {
  const secure = Boolean(env.TLS_CERT_FILE);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const request = secure ? https.request : http.request;
  return new Promise((resolve) => {
    const req = request(
      { host, port: env.PORT, path: '/health/ready', method: 'GET', timeout: timeoutMs, rejectUnauthorized: false },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}
