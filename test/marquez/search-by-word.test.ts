import { Client } from 'pg';
import { nameWords } from '../../src/openlineage/name-words';
import { SearchRepository } from '../../src/read/search/search.repository';
import { InProcessApp, startInProcessApp } from '../support/in-process-app';

/**
 * Search ranks names in which the text's longest word stands whole: 30 tables with the word
 * `orders`, 5 whose names contain it inside a longer word (`preorders`) and sort before them.
 */
const NS = 'trino://trino.example.com:8080';
const PRODUCER = 'https://github.com/trinodb/trino/plugin/trino-openlineage';
const WHOLE = Array.from({ length: 30 }, (_, i) => `sales.orders_${i}`);
const INSIDE = Array.from({ length: 5 }, (_, i) => `archive.preorders_${i}`);

const event = (job: string, runId: string, outputs: string[]) => ({
  eventType: 'COMPLETE',
  eventTime: '2026-03-01T10:00:00Z',
  producer: PRODUCER,
  schemaURL: 'https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent',
  run: { runId },
  job: { namespace: NS, name: job },
  inputs: [],
  outputs: outputs.map((name) => ({ namespace: NS, name })),
});

describe('GET /api/v1/search by word', () => {
  let store: InProcessApp;
  const names = async (query: string) => {
    const res = await store.request('GET', `/api/v1/search?${query}`);
    expect(res.status).toBe(200);
    return (res.body.results as Array<{ name: string }>).map((r) => r.name);
  };
  const byName = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

  beforeAll(async () => {
    store = await startInProcessApp();
    await store.ingestAndProject([
      event('load_orders', '0195f8b0-0000-7000-8000-000000000001', WHOLE),
      event('load_preorders', '0195f8b0-0000-7000-8000-000000000002', INSIDE),
    ]);
  });

  afterAll(async () => {
    await store.close();
  });

  it('fills a page with names where the word stands whole, first by name, before names that only contain it', async () => {
    const page = await names('q=ORDERS&filter=DATASET&sort=NAME&limit=20');
    expect(page).toEqual(byName(WHOLE).slice(0, 20));
  });

  it('looks no further than the words when the whole-word names of every kind fill the page', async () => {
    const search = store.app.get(SearchRepository);
    const further = [jest.spyOn(search, 'byLastWordPrefix'), jest.spyOn(search, 'bySubstring')];
    try {
      // 30 datasets and 1 job have the word whole: a page of 31 needs nothing else.
      expect(await names('q=orders&sort=NAME&limit=31')).toEqual(byName([...WHOLE, 'load_orders']));
      for (const spy of further) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of further) spy.mockRestore();
    }
  });

  it('adds the names that only contain the text when the whole-word names do not fill the page', async () => {
    // 30 whole-word names, then the first 2 of the others; sort=NAME orders the page by name.
    expect(await names('q=orders&filter=DATASET&sort=NAME&limit=32')).toEqual(byName([...WHOLE, ...INSIDE.slice(0, 2)]));
    expect(await names('q=orders&filter=DATASET&sort=NAME&limit=100')).toEqual(byName([...WHOLE, ...INSIDE]));
    // Jobs too, and across kinds: one job has the word whole, the other inside a word.
    expect(await names('q=orders&filter=JOB&sort=NAME')).toEqual(['load_orders', 'load_preorders']);
    expect(await names('q=orders&sort=NAME&limit=31')).toEqual(byName([...WHOLE, 'load_orders']));
  });

  it('keeps the words of every dataset and job name, as nameWords() splits it', async () => {
    const client = new Client({ connectionString: store.databaseUrl });
    await client.connect();
    try {
      const line = (r: { kind: string; word: string; lower_name: string; namespace: string; id: string }) => [r.kind, r.word, r.lower_name, r.namespace, r.id].join(' ');
      const kept = (await client.query(`SELECT kind, word, lower_name, namespace, id FROM name_words`)).rows.map(line).sort();
      const named = (await client.query(`SELECT 'dataset' AS kind, namespace, name, id FROM datasets UNION ALL SELECT 'job', namespace, name, id FROM jobs`)).rows;
      const expected = named.flatMap((n) => nameWords(n.name).map((word) => line({ ...n, word, lower_name: n.name.toLowerCase() })));
      expect(kept).toEqual(expected.sort());
      const wordsOf = (lowerName: string) => kept.map((l) => l.split(' ')).filter((l) => l[2] === lowerName).map((l) => l[1]);
      expect(wordsOf('archive.preorders_0').sort()).toEqual(['0', 'archive', 'preorders']);
    } finally {
      await client.end();
    }
  });

  it('matches text across word boundaries literally: its longest word picks the names, the whole text filters them', async () => {
    const expected = byName([...WHOLE.filter((n) => n.includes('orders_1')), 'archive.preorders_1']);
    expect(await names('q=orders_1&filter=DATASET&sort=NAME&limit=100')).toEqual(expected);
    expect(await names('q=preorders_&filter=DATASET&sort=NAME&limit=100')).toEqual(byName(INSIDE));
    expect(await names('q=orders%25&filter=DATASET')).toEqual([]);
  });

  it('finds every name containing a text with a word after a separator from the names with a word starting with it', async () => {
    const client = new Client({ connectionString: store.databaseUrl });
    await client.connect();
    const trigram = jest.spyOn(store.app.get(SearchRepository), 'bySubstring');
    try {
      for (const text of ['orders_1', 's.orders_2', 'e.pre', 'es.or', 'les.orders_29', 'ive.preorders_3']) {
        const scan = await client.query(`SELECT name FROM datasets WHERE name ILIKE $1`, [`%${text.replace(/_/g, '\\_')}%`]);
        expect([text, await names(`q=${encodeURIComponent(text)}&filter=DATASET&sort=NAME&limit=200`)]).toEqual([text, byName(scan.rows.map((r) => r.name))]);
      }
      expect(trigram).not.toHaveBeenCalled();
    } finally {
      trigram.mockRestore();
      await client.end();
    }
  });

  it('finds a text with no whole word through the trigram index', async () => {
    const trigram = jest.spyOn(store.app.get(SearchRepository), 'bySubstring');
    try {
      expect(await names('q=reord&filter=DATASET&sort=NAME&limit=100')).toEqual(byName(INSIDE));
      expect(trigram).toHaveBeenCalled();
    } finally {
      trigram.mockRestore();
    }
  });
});
