/**
 * Client-side routes live in the URL hash, so the server only ever serves {base}/ and every view's
 * URL (with its filters) can be shared:
 *   #/?q=&namespace=&scheme=&kind=&cursor=&prev=…     the datasets list (URLs kept from the first UI)
 *   #/datasets/<id>                                   one dataset
 *   #/overview                                        ingest activity, counts, recent failures
 *   #/search?q=                                       jobs and datasets by name
 *   #/lineage?nodeId=&depth=&direction=&level=&asOf=&selected=
 *   #/job?namespace=&name=                            one job
 *   #/runs/<runId>                                    one run
 *   #/jobs?namespace=&q=&state=&offset=               every job
 *   #/runs?state=&range=&offset=                      runs of every job
 *   #/events?kind=&type=&namespace=&range=&cursor=&prev=…   the log, newest received first
 *   #/namespaces?offset=                              namespaces with their job and dataset counts
 */
import { createHashHistory, createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { Layout } from './components/Layout';
import { DatasetPage } from './pages/DatasetPage';
import { DatasetsPage } from './pages/DatasetsPage';
import { JobPage } from './pages/JobPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OverviewPage } from './pages/OverviewPage';
import { RunPage } from './pages/RunPage';
import { SearchPage } from './pages/SearchPage';
import { EventsPage, validateEventsSearch } from './pages/EventsPage';
import { JobsPage, validateJobsSearch } from './pages/JobsPage';
import { NamespacesPage, validateNamespacesSearch } from './pages/NamespacesPage';
import { RunsPage, validateRunsSearch } from './pages/RunsPage';
import { parseSearch, stringifySearch, stringParam } from './search-params';
import { validateListSearch } from './pages/list-search';
import { validateLineageSearch } from './lineage/lineage-search';


const rootRoute = createRootRoute({ component: Layout });

const listRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateListSearch,
  component: DatasetsPage,
});

export const datasetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/datasets/$id',
  component: function DatasetRoute() {
    const { id } = datasetRoute.useParams();
    return <DatasetPage key={id} id={id} />;
  },
});

export const overviewRoute = createRoute({ getParentRoute: () => rootRoute, path: '/overview', component: OverviewPage });

const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: (search: Record<string, unknown>): { q?: string } => ({ q: stringParam(search.q) }),
  component: SearchPage,
});

export const lineageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lineage',
  validateSearch: validateLineageSearch,
  // React Flow and ELK's client load with the first lineage page, not with the datasets list.
  component: lazyRouteComponent(() => import('./lineage/LineagePage'), 'LineagePage'),
});

export const jobRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/job',
  validateSearch: (search: Record<string, unknown>): { namespace: string; name: string } => ({
    namespace: stringParam(search.namespace) ?? '',
    name: stringParam(search.name) ?? '',
  }),
  component: function JobRoute() {
    const { namespace, name } = jobRoute.useSearch();
    return <JobPage key={`${namespace}\n${name}`} namespace={namespace} name={name} />;
  },
});

export const runRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/runs/$runId',
  component: function RunRoute() {
    const { runId } = runRoute.useParams();
    return <RunPage key={runId} runId={runId} />;
  },
});

const jobsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/jobs', validateSearch: validateJobsSearch, component: JobsPage });
const runsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/runs', validateSearch: validateRunsSearch, component: RunsPage });
const eventsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/events', validateSearch: validateEventsSearch, component: EventsPage });
const namespacesRoute = createRoute({ getParentRoute: () => rootRoute, path: '/namespaces', validateSearch: validateNamespacesSearch, component: NamespacesPage });

const routeTree = rootRoute.addChildren([
  listRoute,
  datasetRoute,
  overviewRoute,
  searchRoute,
  lineageRoute,
  jobRoute,
  runRoute,
  jobsRoute,
  runsRoute,
  eventsRoute,
  namespacesRoute,
]);

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  parseSearch,
  stringifySearch,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
