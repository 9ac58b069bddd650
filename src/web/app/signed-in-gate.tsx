import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/spinner';
import { Button } from '../components/button';
import { ApiError } from '../lib/api-client';
import { useSession } from '../features/auth/api/session';
import { SignInScreen } from '../features/auth/sign-in-screen';
import { Lazy, likelyNext, screens, usePrefetchOnIdle } from './lazy-screens';
import { isOnUpdatePrompt } from './pwa-status';
import { rememberedUser } from './remembered-user';
import { useOnline } from '../lib/use-online';

/**
 * In-app routes: a loading indicator while the session loads, the sign-in screen when signed out. Offline, with no
 * answer about the session, the seller last signed in here gets the app's shell (the installed app opens
 * offline, and Capture works).
 */
export function SignedInGate() {
  const session = useSession();
  const online = useOnline();
  // Signed out, the frame and dashboard come next, once the seller starts on the form: the sign-in page's own load
  // stays small. Signed in, Capture and Listings. All of them also load on first use.
  const startedSignIn = useFirstInteraction(session.data === null);
  usePrefetchOnIdle(session.data ? likelyNext.signedIn : startedSignIn ? likelyNext.signIn : likelyNext.none);
  useEffect(() => {
    if (session.data !== undefined) rememberedUser.set(session.data?.user ?? null);
  }, [session.data]);

  // A network that is back but not yet carrying requests (or a server out of reach) is offline too: the seller
  // keeps the app's shell while the session check retries in the background, never a full-screen error.
  const unreachable = session.error instanceof ApiError && session.error.code === 'NETWORK';
  const offlineUser = (!online || unreachable) && session.data === undefined ? rememberedUser.get() : null;
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

/**
 * Whether the seller has touched the page (a focus, a tap or a key) since `watching` became true. A tap on "Update
 * available — reload" does not count: the page is about to reload (see `isOnUpdatePrompt`).
 */
function useFirstInteraction(watching: boolean): boolean {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (!watching || interacted) return;
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const onFirst = (event: Event) => {
      if (!isOnUpdatePrompt(event)) setInteracted(true);
    };
    for (const name of events) document.addEventListener(name, onFirst, { capture: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onFirst, { capture: true });
    };
  }, [watching, interacted]);
  return interacted;
}
