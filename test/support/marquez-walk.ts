/**
 * A walk through every page of Marquez's web UI (the pages of its UI contract, docs/testing.md), as a user
 * of one producer's jobs and datasets would: the dashboard, the Jobs, Datasets and Events pages of
 * the producer's namespace, the lineage page of a job and of a dataset with their drawers, the
 * column-level page and the header search. A page passes when every API call it made answered
 * 2xx, no script error was thrown, no error toast showed, and the names it must show are shown.
 */
import { Browser, Page } from 'playwright-core';
import { screenshot } from './browser';

/** What the walk visits for one producer: a job, a dataset it touched, and what the pages must show. */
export interface WalkTarget {
  producer: string;
  job: { namespace: string; name: string };
  dataset: { namespace: string; name: string; fields: string[] };
  /** The column-level page: a dataset of the job with column lineage (else with fields), and the field it must show. */
  columns: { namespace: string; name: string; fields: string[] };
  /** Names the dashboard's job list, and the Jobs and Datasets pages of the namespace, must show (the first, as the API orders them). */
  dashboard: string[];
  jobsPage: string[];
  datasetsPage: string[];
  /** A day (UTC) with run events of the job, and the job names the Events page must show for it. */
  eventsDay: string;
  eventsPage: string[];
}

export interface PageResult {
  producer: string;
  page: string;
  path: string;
  passed: boolean;
  /** Why it failed: non-2xx API calls, script errors, toasts, names not shown. */
  problems: string[];
}

const TOAST = 'Something went wrong';
const seg = encodeURIComponent;

interface PageVisit {
  page: string;
  path: string;
  /** The namespace the UI has selected (localStorage), for the Jobs and Datasets pages. */
  namespace?: string;
  names: string[];
  /** API calls the page must make and see answered 2xx (decoded, as a part of path and query). */
  calls: string[];
  /** What the user does after the page loaded (type a search). */
  act?: (page: Page) => Promise<void>;
}

function visits(target: WalkTarget): PageVisit[] {
  const { job, dataset, columns } = target;
  const jobNode = `job:${job.namespace}:${job.name}`;
  const datasetNode = `dataset:${dataset.namespace}:${dataset.name}`;
  const list: PageVisit[] = [
    { page: 'dashboard', path: '/', namespace: job.namespace, names: target.dashboard, calls: ['/api/v1/jobs?limit=10', '/api/v1/stats/lineage-events?'] },
    { page: 'jobs', path: '/jobs', namespace: job.namespace, names: target.jobsPage, calls: [`/api/v1/namespaces/${job.namespace}/jobs?`] },
    { page: 'events', path: '/events', names: target.eventsPage, calls: [`/api/v1/events/lineage?`] },
    {
      page: 'job lineage',
      path: `/lineage/job/${seg(job.namespace)}/${seg(job.name)}`,
      names: [job.name, dataset.name],
      calls: [`/api/v1/lineage?nodeId=${jobNode}`],
    },
    {
      page: 'job drawer',
      path: `/lineage/job/${seg(job.namespace)}/${seg(job.name)}?tableLevelNode=${seg(jobNode)}`,
      names: [job.name, dataset.name],
      calls: [`/api/v1/namespaces/${job.namespace}/jobs/${job.name}/runs?`, `/api/v1/namespaces/${job.namespace}/jobs/${job.name}`],
    },
    {
      page: 'dataset lineage',
      path: `/lineage/dataset/${seg(dataset.namespace)}/${seg(dataset.name)}`,
      names: [dataset.name, job.name],
      calls: [`/api/v1/lineage?nodeId=${datasetNode}`],
    },
    {
      page: 'dataset drawer',
      path: `/lineage/dataset/${seg(dataset.namespace)}/${seg(dataset.name)}?tableLevelNode=${seg(datasetNode)}`,
      names: [dataset.name, ...dataset.fields.slice(0, 3)],
      calls: [`/api/v1/namespaces/${dataset.namespace}/datasets/${dataset.name}`],
    },
    {
      page: 'search',
      path: '/',
      // The results group by namespace and the name before its last '.', and show the rest.
      names: job.name.includes('.') ? [job.name.slice(0, job.name.lastIndexOf('.')), job.name.slice(job.name.lastIndexOf('.') + 1)] : [job.name],
      calls: [`/api/v1/search?q=`],
      act: async (page) => {
        await page.locator('#searchBar').fill(job.name);
      },
    },
  ];
  list.push({
    page: 'column lineage',
    path: `/datasets/column-level/${seg(columns.namespace)}/${seg(columns.name)}`,
    names: columns.fields,
    calls: [`/api/v1/column-lineage?nodeId=dataset:${columns.namespace}:${columns.name}`],
  });
  // Last: where the dataset's namespace is another, the app starts again to select it.
  list.push({ page: 'datasets', path: '/datasets', namespace: dataset.namespace, names: target.datasetsPage, calls: [`/api/v1/namespaces/${dataset.namespace}/datasets?`] });
  return list;
}

/**
 * Whether the page's text shows a name: whole, or cut with an ellipsis as the graph's node labels
 * and long table cells are (at least 8 characters of it).
 */
export function shows(text: string, name: string): boolean {
  if (text.includes(name)) return true;
  for (let length = name.length - 1; length >= 8; length--) {
    const start = name.slice(0, length);
    if (text.includes(`${start}...`) || text.includes(`${start}\u2026`)) return true;
  }
  return false;
}

/** Whether an answered URL is the call: the same path, or, for a call with a query, one that starts so. */
const answers = (url: string, call: string) => (call.includes('?') ? url.startsWith(call) : url === call || url.startsWith(`${call}?`));

/** The URL as the server read it (path and query decoded); as sent when it does not decode. */
function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

/**
 * Waits, polling to a deadline, until the page shows every name, every call it must make was
 * answered and no API call is in flight; returns what is still missing.
 */
async function settle(page: Page, names: string[], calls: string[], answered: string[], inFlight: () => number, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let missing = names;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const text = (await page.evaluate("document.body.textContent || ''")) as string;
    missing = [
      ...names.filter((name) => !shows(text, name)),
      ...calls.filter((call) => !answered.some((url) => answers(url, call))).map((call) => `a 2xx answer to ${call}`),
    ];
    if (inFlight() > 0) quietSince = 0;
    else if (quietSince === 0) quietSince = Date.now();
    // Quiet for a while: later calls (a drawer's second fetch) have had their chance to start.
    if (missing.length === 0 && quietSince > 0 && Date.now() - quietSince > 750) return [];
    await page.waitForTimeout(100);
  }
  return missing;
}

/**
 * One producer's walk in one browser page, as a user moves through the UI: the app loads once (and
 * again only where it must read another selected namespace, which it reads at start) and every
 * other page is reached by a route change inside it. Each page's API answers, script errors,
 * toast and names are its own.
 */
class Walk {
  private problems: string[] = [];
  /** The API calls answered 2xx during the current visit, decoded. */
  private answered: string[] = [];
  private inFlight = 0;
  private loadedNamespace: string | undefined | null = null;

  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {
    const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
    page.on('request', (request) => {
      if (isApi(request.url())) this.inFlight++;
    });
    page.on('requestfailed', (request) => {
      if (!isApi(request.url())) return;
      this.inFlight--;
      this.problems.push(`${request.method()} ${request.url().replace(baseUrl, '')} failed: ${request.failure()?.errorText}`);
    });
    page.on('response', (response) => {
      if (!isApi(response.url())) return;
      this.inFlight--;
      const status = response.status();
      if (status < 200 || status > 299) this.problems.push(`${response.request().method()} ${response.url().replace(baseUrl, '')} answered ${status}`);
      else this.answered.push(decoded(response.url().replace(baseUrl, '')));
    });
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message}`));
  }

  async visit(target: WalkTarget, v: PageVisit, timeoutMs: number): Promise<PageResult> {
    this.problems = [];
    this.answered = [];
    try {
      const namespace = v.namespace ?? this.loadedNamespace ?? undefined;
      if (this.loadedNamespace === null || namespace !== this.loadedNamespace) {
        await this.page.evaluate(
          namespace ? `window.localStorage.setItem('selectedNamespace', ${JSON.stringify(namespace)})` : `window.localStorage.removeItem('selectedNamespace')`,
        );
        this.loadedNamespace = namespace;
        await this.page.goto(`${this.baseUrl}${v.path}`, { waitUntil: 'commit', timeout: timeoutMs * 3 });
      } else {
        // What the UI's own links do: a history entry and a popstate its router follows.
        await this.page.evaluate(`window.history.pushState({}, '', ${JSON.stringify(v.path)}); window.dispatchEvent(new PopStateEvent('popstate', { state: {} }))`);
      }
      if (v.act) {
        await settle(this.page, [], [], this.answered, () => this.inFlight, timeoutMs * 3);
        await v.act(this.page);
      }
      const missing = await settle(this.page, v.names, v.calls, this.answered, () => this.inFlight, timeoutMs * (v.act ? 1 : 3));
      if (missing.length > 0) this.problems.push(`missing: ${missing.join(', ')}`);
      const text = (await this.page.evaluate("document.body.textContent || ''")) as string;
      const toast = text.indexOf(TOAST);
      if (toast >= 0) this.problems.push(`toast: ${text.slice(toast, toast + 80)}`);
    } catch (error) {
      this.problems.push(`walk: ${(error as Error).message.split('\n')[0]}`);
    }
    const problems = this.problems;
    if (problems.length > 0) await screenshot(this.page, `marquez-${target.producer}-${v.page}`.replace(/[^a-z0-9-]+/gi, '-')).catch(() => undefined);
    return { producer: target.producer, page: v.page, path: v.path, passed: problems.length === 0, problems };
  }
}

/** Targets walked at once: most of a page's time is the quiet its settling waits for, not work. */
const WALKS_AT_ONCE = 4;

/**
 * Every page for every target, WALKS_AT_ONCE targets side by side, each in a browser context of
 * its own. Results in the targets' order.
 */
export async function walkMarquezUi(
  browser: Browser,
  baseUrl: string,
  targets: WalkTarget[],
  { timeoutMs = 20000, onPage = (_result: PageResult) => undefined as void } = {},
): Promise<PageResult[]> {
  const walkOne = async (target: WalkTarget): Promise<PageResult[]> => {
    const results: PageResult[] = [];
    const context = await browser.newContext({ timezoneId: 'UTC', viewport: { width: 1400, height: 900 } });
    try {
      // The page loads web fonts from Google; nothing outside this host is reachable, or wanted.
      await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      // The Events page asks for "today": today is a day the producer's job ran.
      await page.clock.setFixedTime(new Date(`${target.eventsDay}T12:00:00Z`));
      await page.goto(`${baseUrl}/favicon.png`);
      const walk = new Walk(page, baseUrl);
      for (const v of visits(target)) {
        const result = await walk.visit(target, v, timeoutMs);
        onPage(result);
        results.push(result);
      }
    } finally {
      await context.close();
    }
    return results;
  };
  const walked: PageResult[][] = [];
  let next = 0;
  const walker = async () => {
    while (next < targets.length) {
      const i = next++;
      walked[i] = await walkOne(targets[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(WALKS_AT_ONCE, targets.length) }, walker));
  return walked.flat();
}

/** A line per page: `producer  page  PASS` or `FAIL: problems`. */
export function resultTable(results: PageResult[]): string {
  return results.map((r) => `${r.producer.padEnd(8)} ${r.page.padEnd(16)} ${r.passed ? 'PASS' : `FAIL: ${r.problems.join('; ')}`}`).join('\n');
}

async function getJson(url: string): Promise<any> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.json();
}

/**
 * The target of a producer's job, read from the store's Marquez API the way the UI will read it:
 * the job's first output (else input) as the dataset, a dataset of the job with column lineage for
 * the column-level page, the first names of the Jobs and Datasets pages, and the day of the job's
 * latest run for the Events page.
 */
export async function targetOf(storeUrl: string, producer: string, job: { namespace: string; name: string }): Promise<WalkTarget> {
  const api = `${storeUrl}/api/v1`;
  const found = await getJson(`${api}/namespaces/${seg(job.namespace)}/jobs/${seg(job.name)}`);
  const touched: Array<{ namespace: string; name: string }> = [...found.outputs, ...found.inputs];
  if (touched.length === 0) throw new Error(`${producer}: job ${job.name} has no inputs or outputs to walk`);
  const datasets = await Promise.all(touched.map((d) => getJson(`${api}/namespaces/${seg(d.namespace)}/datasets/${seg(d.name)}`)));
  const dataset = datasets[0];
  const withColumns =
    datasets.find((d) => Array.isArray(d.columnLineage) && d.columnLineage.length > 0) ?? datasets.find((d) => d.fields.length > 0) ?? dataset;
  const jobs = await getJson(`${api}/namespaces/${seg(job.namespace)}/jobs?limit=20&offset=0`);
  const dashboard = await getJson(`${api}/jobs?limit=10&offset=0`);
  const listed = await getJson(`${api}/namespaces/${seg(dataset.namespace)}/datasets?limit=20&offset=0`);
  const day = String(found.latestRun?.createdAt ?? found.updatedAt).slice(0, 10);
  const events = await getJson(`${api}/events/lineage?limit=50&after=${day}T00:00:00.000Z&before=${day}T23:59:59.000Z&offset=0&sortDirection=desc`);
  return {
    producer,
    job,
    dataset: { namespace: dataset.namespace, name: dataset.name, fields: dataset.fields.map((f: { name: string }) => f.name) },
    columns: {
      namespace: withColumns.namespace,
      name: withColumns.name,
      fields: (withColumns.columnLineage ?? withColumns.fields).slice(0, 1).map((f: { name: string }) => f.name),
    },
    dashboard: dashboard.jobs.slice(0, 1).map((j: { name: string }) => j.name),
    jobsPage: jobs.jobs.slice(0, 1).map((j: { name: string }) => j.name),
    datasetsPage: listed.datasets.slice(0, 1).map((d: { name: string }) => d.name),
    eventsDay: day,
    eventsPage: events.events.slice(0, 1).map((e: { job: { name: string } }) => e.job.name),
  };
}
