import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './app-error-page';
import { Providers } from './providers';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <AppErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </AppErrorBoundary>
  );
}
