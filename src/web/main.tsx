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

// When the server drew the page's first screen in #root (a product's main picture, below the top bar's
// frame), the app's first render waits for the page's code: rendered earlier, it would replace that
// picture with a spinner until the page came. Other pages render at once, as before.
if (container.querySelector('main') && !router.state.initialized) {
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
