import { Outlet } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { Button } from '../components/button';
import { useSession } from '../features/auth/api/session';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { AppShell } from './app-shell';
import { SessionProviders } from './session-providers';

/** In-app routes: a loading indicator while the session loads, the sign-in screen when signed out. */
export function SignedInGate() {
  const session = useSession();
  if (session.isPending) return <PageSpinner />;
  if (session.isError && session.data === undefined) {
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="text-slate-700">{session.error.message}</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!session.data) return <SignInScreen />;
  return (
    <SessionProviders userId={session.data.user.id}>
      <AppShell user={session.data.user}>
        <Outlet />
      </AppShell>
    </SessionProviders>
  );
}
