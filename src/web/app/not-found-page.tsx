import { Link, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { useSession } from '../features/auth/api/session';
import { paths } from './config/paths';

/**
 * A URL that is none of the app's pages (it used to show the dashboard under the bad URL). The server
 * answers it with 404; the page says so and offers the way home: the dashboard when signed in, sign-in otherwise.
 */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const session = useSession();
  const signedIn = Boolean(session.data);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center">
      <Logo className="size-12" />
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-700">Error 404</p>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="max-w-sm break-words text-slate-600">
        There is no page at <span className="font-medium text-slate-800">{pathname}</span>. The link may be old or mistyped.
      </p>
      {!session.isPending && (
        <Link
          to={paths.dashboard}
          replace
          className="inline-flex h-12 items-center justify-center rounded-xl bg-indigo-600 px-5 text-base font-semibold text-white transition-colors hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          {signedIn ? 'Go to Dashboard' : 'Sign In'}
        </Link>
      )}
    </main>
  );
}
