/** A new user reads where the UI and the API docs are in the first lines `serve` prints. */
import { serviceUrls } from '../../src/cli/service-urls';
import { migratedDatabase } from '../support/migrated-database';
import { startStore } from '../support/store-process';

const FIRST_LINES = 5;

describe('the first lines of `serve`', () => {
  it('say where the UI and the API docs are, with the base path, and both answer there', async () => {
    const databaseUrl = await migratedDatabase('firstlines');
    const store = await startStore({ DATABASE_URL: databaseUrl, HOST: '0.0.0.0', BASE_PATH: 'lineage' });
    try {
      const first = store.output.slice(0, FIRST_LINES).map((line) => JSON.parse(line).msg as string);
      const ui = `http://localhost:${store.port}/lineage/`;
      const docs = `http://localhost:${store.port}/lineage/api/docs`;
      expect(first).toContainEqual(expect.stringContaining(`UI at ${ui}, API docs at ${docs}`));
      expect((await fetch(ui)).status).toBe(200);
      expect((await fetch(docs)).status).toBe(200);
    } finally {
      await store.stop();
    }
  });

  it('name https when TLS is on, and the address the service listens on', () => {
    const env = { PORT: 8443, BASE_PATH: '', TLS_CERT_FILE: '/etc/tls/tls.crt' };
    expect(serviceUrls({ ...env, HOST: '10.0.0.5' })).toEqual({ ui: 'https://10.0.0.5:8443/', apiDocs: 'https://10.0.0.5:8443/api/docs' });
    expect(serviceUrls({ ...env, HOST: '::1' })).toEqual({ ui: 'https://[::1]:8443/', apiDocs: 'https://[::1]:8443/api/docs' });
    expect(serviceUrls({ ...env, HOST: '::', TLS_CERT_FILE: undefined })).toEqual({ ui: 'http://localhost:8443/', apiDocs: 'http://localhost:8443/api/docs' });
  });
});
