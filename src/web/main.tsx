import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { clearUserDataOnSessionChange, queryClient } from '@/web/lib/query-client';
import { toasterProps } from '@/web/lib/toast';
import { createAppRouter } from './router';
import './styles.css';

const router = createAppRouter();
clearUserDataOnSessionChange(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster {...toasterProps} />
    </QueryClientProvider>
  </StrictMode>,
);
