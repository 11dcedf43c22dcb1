import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigurationError } from '../../src/core/config/configuration-error';
import { Environment } from '../../src/core/config/environment';
import { loadRelayEnvironment, RelayEnvironment } from '../../src/relay/relay-environment';

describe('relay settings', () => {
  it('defaults to localhost:5001 and takes the target from RELAY_TARGET_URL', () => {
    const env = loadRelayEnvironment({ RELAY_TARGET_URL: 'http://metadata-store:5000/lineage' });
    expect(env).toMatchObject({ RELAY_HOST: '127.0.0.1', RELAY_PORT: 5001, RELAY_TARGET_URL: 'http://metadata-store:5000/lineage' });
  });

  it('refuses to start without a target, or with bad values, naming every one (and no password)', () => {
    expect(() => loadRelayEnvironment({})).toThrow(/RELAY_TARGET_URL is required/);
    let message = '';
    try {
      loadRelayEnvironment({ RELAY_TARGET_URL: 'http://user:hunter2@store:5000?x=1', RELAY_PORT: '70000', RELAY_SPOOL_MAX_BYTES: '10', RELAY_RETRY_MIN_MS: 'soon' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    for (const name of ['RELAY_TARGET_URL', 'RELAY_PORT', 'RELAY_SPOOL_MAX_BYTES', 'RELAY_RETRY_MIN_MS']) expect(message).toContain(`${name}=`);
    expect(message).not.toContain('hunter2');
    expect(() => loadRelayEnvironment({ RELAY_TARGET_URL: 'http://s:5000', RELAY_RETRY_MIN_MS: '5000', RELAY_RETRY_MAX_MS: '1000' })).toThrow(/RELAY_RETRY_MAX_MS must be at least RELAY_RETRY_MIN_MS/);
  });

  it('shares the limits it has in common with the store, with the same defaults', () => {
    const relay = new RelayEnvironment() as unknown as Record<string, unknown>;
    const store = new Environment() as unknown as Record<string, unknown>;
    for (const name of Object.keys(relay).filter((n) => !n.startsWith('RELAY_'))) expect({ name, value: relay[name] }).toEqual({ name, value: store[name] });
  });

  it('.env.example lists every variable the relay reads, with its default', () => {
    const example = fs.readFileSync(path.join(__dirname, '..', '..', '.env.example'), 'utf8');
    const listed = new Map(
      example
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    for (const [name, value] of Object.entries(new RelayEnvironment())) expect({ name, listed: listed.get(name) }).toEqual({ name, listed: String(value) });
  });
});
