import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { AppErrorPage } from './app-error-page';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <AppErrorPage />;
}
