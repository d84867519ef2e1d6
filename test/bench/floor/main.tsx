// The FLOOR of `npm run bench`: the least a React + TanStack Query + react-router app does to show
// the same dashboards from the same mock. A plain table that loads 100 more rows near its end, and a
// detail page with the dashboard's name. No virtualization, no shell, no parsing: the console's cold
// figures are compared with this one, so it must stay bare.
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, RouterProvider, useParams } from 'react-router-dom';

interface Dashboard {
  id: number;
  name: string | null;
  description: string;
  pinned: boolean;
  created_at: string;
}
interface Page {
  count: number;
  next: string | null;
  results: Dashboard[];
}

// The same storage entry the console keeps its connection in (the bench writes it before each visit).
function storedKey(): string {
  const raw = localStorage.getItem('analytics-console:connection') ?? sessionStorage.getItem('analytics-console:connection');
  return raw ? (JSON.parse(raw) as { key: string }).key : '';
}

async function get<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${storedKey()}` }, signal });
  if (!response.ok) throw new Error(`${response.status} ${path}`);
  return (await response.json()) as T;
}

function DashboardList() {
  const { projectId = '' } = useParams();
  const query = useInfiniteQuery({
    queryKey: ['dashboards', projectId],
    queryFn: ({ pageParam, signal }) =>
      get<Page>(`/api/projects/${projectId}/dashboards/?limit=100&offset=${pageParam}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last: Page, pages: Page[]) => (last.next ? pages.length * 100 : undefined),
  });
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const sentinel = end.current;
    if (!sentinel) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '800px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, query.data]);

  if (query.isPending) return <p>Loading…</p>;
  if (query.isError) return <p role="alert">{String(query.error)}</p>;
  return (
    <>
      <h1>Dashboards</h1>
      <table>
        <thead>
          <tr>
            <th>Name</th>
            <th>Description</th>
            <th>Pinned</th>
            <th>Created</th>
          </tr>
        </thead>
        <tbody>
          {query.data.pages.flatMap((page) =>
            page.results.map((dashboard) => (
              <tr key={dashboard.id}>
                <td>
                  <Link to={`/projects/${projectId}/dashboards/${dashboard.id}`}>{dashboard.name ?? 'Untitled dashboard'}</Link>
                </td>
                <td>{dashboard.description}</td>
                <td>{dashboard.pinned ? 'Pinned' : ''}</td>
                <td>{new Date(dashboard.created_at).toLocaleDateString()}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
      <div ref={end}>{isFetchingNextPage ? 'Loading more…' : null}</div>
    </>
  );
}

function DashboardDetail() {
  const { projectId = '', dashboardId = '' } = useParams();
  const query = useQuery({
    queryKey: ['dashboard', projectId, dashboardId],
    queryFn: ({ signal }) => get<Dashboard>(`/api/projects/${projectId}/dashboards/${dashboardId}/`, signal),
  });
  if (query.isPending) return <p>Loading…</p>;
  if (query.isError) return <p role="alert">{String(query.error)}</p>;
  return (
    <>
      <h1>{query.data.name ?? 'Untitled dashboard'}</h1>
      <p>{query.data.description}</p>
      <p>Created {new Date(query.data.created_at).toLocaleString()}</p>
    </>
  );
}

const router = createBrowserRouter([
  { path: '/projects/:projectId/dashboards', element: <DashboardList /> },
  { path: '/projects/:projectId/dashboards/:dashboardId', element: <DashboardDetail /> },
]);
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
