import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LazyToaster } from '@/web/components/layout/lazy-toaster';
import { hydrateFirstScreen } from '@/web/lib/first-screen';
import { clearUserDataOnSessionChange, queryClient } from '@/web/lib/query-client';
import { createAppRouter } from './router';
import './styles.css';
import { paths } from '@/web/paths';

// Before anything renders, so the first screen's queries find the data the page came with.
hydrateFirstScreen(queryClient);
const router = createAppRouter();
clearUserDataOnSessionChange(queryClient);

const onHomePage = () => router.state.location.pathname === paths.home;

function AppToaster() {
  const home = useSyncExternalStore(router.subscribe, onHomePage);
  return <LazyToaster eager={!home} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A page whose code comes in a chunk of its own is first drawn once that code is there: until then the
// frame the server sent in #root (the top bar's, a product's main picture) stays on screen, where the
// first render would replace it with a spinner and the picture would come back only with the page.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </QueryClientProvider>
  </StrictMode>,
);
