import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { Button } from '../components/button';
import { useSession } from '../features/auth/api/session';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { Lazy, likelyNext, screens, usePrefetchOnIdle } from './lazy-screens';
import { rememberedUser } from './remembered-user';
import { useOnline } from './use-online';

/**
 * In-app routes: a loading indicator while the session loads, the sign-in screen when signed out. Offline, with no
 * answer about the session, the seller last signed in here gets the app's shell (issue 14: the installed app opens
 * offline, and Capture works).
 */
export function SignedInGate() {
  const session = useSession();
  const online = useOnline();
  // Signed out, the frame and dashboard come next; signed in, Capture and Listings (all loaded on first use).
  usePrefetchOnIdle(session.data ? likelyNext.signedIn : session.data === null ? likelyNext.signIn : likelyNext.none);
  useEffect(() => {
    if (session.data !== undefined) rememberedUser.set(session.data?.user ?? null);
  }, [session.data]);

  const offlineUser = !online && session.data === undefined ? rememberedUser.get() : null;
  const user = session.data?.user ?? offlineUser;
  if (user) {
    return (
      <Lazy screen={screens.appShell} user={user}>
        <Outlet />
      </Lazy>
    );
  }
  if (session.isPending) return <PageSpinner />;
  if (session.isError && session.data === undefined) {
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
        <p className="text-slate-700">{session.error.message}</p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </main>
    );
  }
  return <SignInScreen />;
}
