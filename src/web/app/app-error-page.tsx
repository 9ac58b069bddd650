import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../components/button';
import { Logo } from '../components/logo';

/** The application error page (spec): something broke that the screen could not handle. */
export function AppErrorPage() {
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo className="size-12" />
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="max-w-sm text-slate-600">An unexpected error stopped this page. Your items are saved; refreshing usually fixes it.</p>
      <Button size="lg" onClick={() => window.location.reload()}>
        Refresh Page
      </Button>
    </main>
  );
}

export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Unexpected error', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <AppErrorPage /> : this.props.children;
  }
}
