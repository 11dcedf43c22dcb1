import '@xyflow/react/dist/style.css';
import './styles.css';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    // Errors show at once with a "Try again"; a page fetches again when it is opened again.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 0 },
  },
});

createRoot(document.getElementById('app')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
