import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './app-error-page';
import { Providers } from './providers';
import { PwaStatus } from './pwa-status';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppErrorBoundary>
      <Providers>
        <PwaStatus />
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
